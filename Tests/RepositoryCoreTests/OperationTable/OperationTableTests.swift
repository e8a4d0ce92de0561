import RepositoryCore
import TestSupport
import Testing

/// The operation table of cache-semantics.md, one parameterized test per verb over every cell.
@Suite("Operation table")
struct OperationTableTests {
    @Test("The tables cover every cell once")
    func tablesAreComplete() {
        let cells =
            RepositoryOperation.everyCase.count * MainScript.allCases.count * CacheScript.allCases.count
        #expect(Set(getTable.map(\.description)).count == cells)
        #expect(Set(putTable.map(\.description)).count == cells)
        #expect(Set(deleteTable.map(\.description)).count == cells)
    }

    /// Each GET cell runs twice: with a cache that must suspend, and with one that answers at once.
    @Test("GET", arguments: getTable, [false, true])
    func get(_ row: GetRow, immediateCache: Bool) async throws {
        // GIVEN main and cache set up as the row says
        let harness = OperationHarness(main: row.main, cache: row.cache, immediateCache: immediateCache)
        // WHEN the query is read with the row's operation
        let result: Result<Answer<String>, RepositoryError>
        do {
            result = .success(
                try await harness.repository.answer(OperationHarness.query, operation: row.operation))
        } catch {
            result = .failure(error)
        }
        // THEN the value or error, the provenance and the calls are the row's
        switch (row.outcome, result) {
        case (.value(let value, let origin, let stale, let fallback, let diagnosed), .success(let answer)):
            #expect(answer.value == value)
            #expect(answer.origin == origin)
            #expect(answer.isStale == stale)
            #expect(answer.fallbackError == (fallback ? OperationHarness.offline : nil))
            #expect(answer.diagnostics.isEmpty == !diagnosed)
        case (.error(let kind), .failure(let error)):
            #expect(kind.matches(error), "\(error)")
        default:
            Issue.record("expected \(row.outcome), got \(result)")
        }
        #expect(harness.main.getCount == row.mainGets)
        #expect(harness.cache.getCount == row.cacheGets)
        #expect(harness.cache.putCount == row.cachePuts)
        #expect(harness.main.putCount == 0 && harness.cache.deleteCount == 0 && harness.main.deleteCount == 0)
        let handed = harness.main.cachedArguments.compactMap { $0?.value }
        #expect(handed == (row.staleHandedToMain ? ["stale"] : []))
        let written = row.cachePuts == 1 && row.cache != .failing
        #expect(
            harness.cache.stored(OperationHarness.query)?.value
                == (written ? "fresh" : row.cache.initialValue))
    }

    @Test("PUT", arguments: putTable)
    func put(_ row: PutRow) async throws {
        // GIVEN main and cache set up as the row says
        let harness = OperationHarness(main: row.main, cache: row.cache)
        // WHEN "new" is written with the row's operation
        let result: Result<String, RepositoryError>
        do {
            result = .success(
                try await harness.repository.put("new", for: OperationHarness.query, operation: row.operation)
            )
        } catch {
            result = .failure(error)
        }
        // THEN the returned value or error, the calls and the cache content are the row's
        switch (row.outcome, result) {
        case (.value(let expected), .success(let value)): #expect(value == expected)
        case (.error(let kind), .failure(let error)): #expect(kind.matches(error), "\(error)")
        default: Issue.record("expected \(row.outcome), got \(result)")
        }
        #expect(harness.main.putCount == row.mainPuts)
        #expect(harness.cache.putCount == row.cachePuts)
        #expect(harness.cache.deleteCount == row.cacheDeletes)
        #expect(harness.main.getCount == 0 && harness.cache.getCount == 0 && harness.main.deleteCount == 0)
        #expect(harness.cache.stored(OperationHarness.query)?.value == row.cacheAfter)
    }

    @Test("DELETE", arguments: deleteTable)
    func delete(_ row: DeleteRow) async throws {
        // GIVEN main and cache set up as the row says
        let harness = OperationHarness(main: row.main, cache: row.cache)
        // WHEN the query is deleted with the row's operation
        var thrown: RepositoryError?
        do {
            try await harness.repository.delete(OperationHarness.query, operation: row.operation)
        } catch {
            thrown = error
        }
        // THEN the error (if any), the calls and the cache content are the row's
        switch (row.error, thrown) {
        case (nil, nil): break
        case (let kind?, let error?): #expect(kind.matches(error), "\(error)")
        default: Issue.record("expected \(String(describing: row.error)), got \(String(describing: thrown))")
        }
        #expect(harness.main.deleteCount == row.mainDeletes)
        #expect(harness.cache.deleteCount == row.cacheDeletes)
        #expect(harness.main.getCount == 0 && harness.cache.getCount == 0 && harness.main.putCount == 0)
        #expect(harness.cache.stored(OperationHarness.query)?.value == row.cacheAfter)
    }
}
