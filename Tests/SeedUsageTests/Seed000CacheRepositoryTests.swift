import RepositoryCore
import Testing

/// Seed 000 (CacheRepository), through the public API only: its usage snippet and the rules of
/// each operation type for GET, PUT and DELETE.
@Suite("Seed 000: CacheRepository")
struct Seed000CacheRepositoryTests {
    /// The seed's rules, one line per case (`main` = the network source, `cache` = storage).
    static let cases: [OperationCase] = {
        typealias C = OperationCase
        let (get, put, delete) = (C.Verb.get, C.Verb.put, C.Verb.delete)
        let notValid = RepositoryError.notValid(query: C.query.cacheKey, reason: "expired")
        return [
            // DefaultOperation: GET as CacheSync
            C(
                verb: get, operation: .default, cache: .holds, main: .answers,
                outcome: .success("cached value"),
                journal: ["cache.get"], cacheAfter: "cached value"),
            C(
                verb: get, operation: .default, cache: .empty, main: .answers,
                outcome: .success("main value"),
                journal: ["cache.get", "main.get", "cache.put"], cacheAfter: "main value"),
            C(
                verb: get, operation: .default, cache: .notValid, main: .fails, outcome: .failure(C.offline),
                journal: ["cache.get", "main.get"], cacheAfter: "expired"),
            // CacheSyncOperation: NotFound / NotValid go to main; any other cache result is returned
            C(
                verb: get, operation: .cacheSync, cache: .holds, main: .answers,
                outcome: .success("cached value"),
                journal: ["cache.get"], cacheAfter: "cached value"),
            C(
                verb: get, operation: .cacheSync, cache: .empty, main: .answers,
                outcome: .success("main value"),
                journal: ["cache.get", "main.get", "cache.put"], cacheAfter: "main value"),
            C(
                verb: get, operation: .cacheSync, cache: .notValid, main: .answers,
                outcome: .success("main value"),
                journal: ["cache.get", "main.get", "cache.put"], cacheAfter: "main value"),
            C(
                verb: get, operation: .cacheSync, cache: .failing, main: .answers,
                outcome: .failure(C.diskFull),
                journal: ["cache.get"], cacheAfter: nil),
            C(
                verb: get, operation: .cacheSync, cache: .empty, main: .fails, outcome: .failure(C.offline),
                journal: ["cache.get", "main.get"], cacheAfter: nil),
            C(
                verb: get, operation: .cacheSync, cache: .notValid, main: .fails,
                outcome: .failure(C.offline),
                journal: ["cache.get", "main.get"], cacheAfter: "expired"),
            // MainOperation: main only
            C(
                verb: get, operation: .main, cache: .holds, main: .answers, outcome: .success("main value"),
                journal: ["main.get"], cacheAfter: "cached value"),
            C(
                verb: get, operation: .main, cache: .holds, main: .fails, outcome: .failure(C.offline),
                journal: ["main.get"], cacheAfter: "cached value"),
            // MainSyncOperation: main, then the cache is kept in sync; nothing on failure
            C(
                verb: get, operation: .mainSync, cache: .holds, main: .answers,
                outcome: .success("main value"),
                journal: ["main.get", "cache.put"], cacheAfter: "main value"),
            C(
                verb: get, operation: .mainSync, cache: .holds, main: .fails, outcome: .failure(C.offline),
                journal: ["main.get"], cacheAfter: "cached value"),
            // CacheOperation: cache only, validation applied
            C(
                verb: get, operation: .cache, cache: .holds, main: .answers,
                outcome: .success("cached value"),
                journal: ["cache.get"], cacheAfter: "cached value"),
            C(
                verb: get, operation: .cache, cache: .notValid, main: .answers, outcome: .failure(notValid),
                journal: ["cache.get"], cacheAfter: "expired"),

            // PUT: default = MainSync (main, then the cache if main succeeded)
            C(
                verb: put, operation: .default, cache: .holds, main: .answers, outcome: .success("new"),
                journal: ["main.put", "cache.put"], cacheAfter: "new"),
            C(
                verb: put, operation: .mainSync, cache: .holds, main: .fails, outcome: .failure(C.offline),
                journal: ["main.put"], cacheAfter: "cached value"),
            // CacheSync: the cache, then main if the cache succeeded
            C(
                verb: put, operation: .cacheSync, cache: .holds, main: .answers, outcome: .success("new"),
                journal: ["cache.put", "main.put"], cacheAfter: "new"),
            C(
                verb: put, operation: .cacheSync, cache: .failing, main: .answers,
                outcome: .failure(C.diskFull),
                journal: ["cache.put"], cacheAfter: nil),
            C(
                verb: put, operation: .main, cache: .holds, main: .answers, outcome: .success("new"),
                journal: ["main.put"], cacheAfter: "cached value"),
            C(
                verb: put, operation: .cache, cache: .holds, main: .answers, outcome: .success("new"),
                journal: ["cache.put"], cacheAfter: "new"),

            // DELETE: the same order as PUT
            C(
                verb: delete, operation: .default, cache: .holds, main: .answers, outcome: nil,
                journal: ["main.delete", "cache.delete"], cacheAfter: nil),
            C(
                verb: delete, operation: .mainSync, cache: .holds, main: .fails, outcome: .failure(C.offline),
                journal: ["main.delete"], cacheAfter: "cached value"),
            C(
                verb: delete, operation: .cacheSync, cache: .holds, main: .answers, outcome: nil,
                journal: ["cache.delete", "main.delete"], cacheAfter: nil),
            C(
                verb: delete, operation: .cacheSync, cache: .failing, main: .answers,
                outcome: .failure(C.diskFull),
                journal: ["cache.delete"], cacheAfter: nil),
            C(
                verb: delete, operation: .main, cache: .holds, main: .answers, outcome: nil,
                journal: ["main.delete"], cacheAfter: "cached value"),
            C(
                verb: delete, operation: .cache, cache: .holds, main: .answers, outcome: nil,
                journal: ["cache.delete"], cacheAfter: nil),
        ]
    }()

    @Test("The usage snippet: a repository over a network and a storage source, read with CacheSync")
    func usage() async throws {
        let networkDataSource = MyNetworkDataSource()
        let storageDataSource = MyStorageDataSource()

        let repository = CacheRepository(main: networkDataSource, cache: storageDataSource)

        let value = try await repository.get("myKey", operation: .cacheSync)
        #expect(value == "value of myKey")
        #expect(networkDataSource.calls == 1 && storageDataSource.held("myKey") == "value of myKey")
        #expect(try await repository.answer("myKey", operation: .cacheSync).origin == .disk)
        #expect(networkDataSource.calls == 1, "the second read is the storage's")
    }

    @Test("The storage source of one's own serves each operation: main, mainSync, cacheSync, default")
    func storageOfOnesOwn() async throws {
        let networkDataSource = MyNetworkDataSource()
        let storageDataSource = MyStorageDataSource()
        let repository = CacheRepository(main: networkDataSource, cache: storageDataSource)
        #expect(try await repository.get("a", operation: .main) == "value of a")
        #expect(storageDataSource.held("a") == nil, "main only: the storage is not written")
        #expect(try await repository.get("a", operation: .mainSync) == "value of a")
        #expect(storageDataSource.held("a") == "value of a")
        try await storageDataSource.put("kept", for: "a")
        #expect(try await repository.get("a", operation: .cacheSync) == "kept")
        #expect(try await repository.get("a") == "kept")
        #expect(networkDataSource.calls == 2)
        try await repository.invalidate("a")
        #expect(try await repository.get("a") == "value of a")
        #expect(networkDataSource.calls == 3 && storageDataSource.held("a") == "value of a")
    }

    @Test("Each operation uses the sources in the seed's order", arguments: cases)
    func operation(_ rule: OperationCase) async throws {
        // GIVEN a main and a cache source set up as the case says, and a validator
        let journal = Journal()
        let main = DictionaryDataSource<String>("main", origin: .network, journal: journal)
        let cache = DictionaryDataSource<String>("cache", origin: .disk, journal: journal)
        try await Self.setUp(main: main, cache: cache, as: rule)
        let validator = ClosureValidator<String> { entry, _ in
            entry.value == "expired" ? .invalid(reason: "expired") : .valid
        }
        let repository = CacheRepository(main: main, cache: cache, validator: validator)
        // WHEN the verb runs with the operation
        let outcome = await Self.run(rule.verb, rule.operation, on: repository)
        // THEN the result, the calls in order and the cache content are the seed's
        #expect(outcome == rule.outcome)
        #expect(journal.entries == rule.journal)
        cache.failEveryCall(with: nil)
        #expect(cache.held(OperationCase.query) == rule.cacheAfter)
    }

    static func setUp(
        main: DictionaryDataSource<String>, cache: DictionaryDataSource<String>, as rule: OperationCase
    ) async throws {
        main.hold("main value", for: OperationCase.query)
        switch rule.cache {
        case .holds: cache.hold("cached value", for: OperationCase.query)
        case .notValid: cache.hold("expired", for: OperationCase.query)
        case .empty: break
        case .failing: cache.failEveryCall(with: OperationCase.diskFull)
        }
        if rule.main == .fails { main.failEveryCall(with: OperationCase.offline) }
    }

    static func run<Repository: GetRepository & PutRepository & DeleteRepository>(
        _ verb: OperationCase.Verb, _ operation: RepositoryOperation, on repository: Repository
    ) async -> Result<String, RepositoryError>? where Repository.Value == String {
        do {
            switch verb {
            case .get: return .success(try await repository.get(OperationCase.query, operation: operation))
            case .put:
                return .success(
                    try await repository.put("new", for: OperationCase.query, operation: operation))
            case .delete:
                try await repository.delete(OperationCase.query, operation: operation)
                return nil
            }
        } catch {
            return .failure(error)
        }
    }

    @Test(
        "Serving stale is an explicit choice: CacheSync with serveStale answers the invalid value and main's error"
    )
    func servingStaleIsExplicit() async throws {
        let journal = Journal()
        let main = DictionaryDataSource<String>("main", origin: .network, journal: journal)
        let cache = DictionaryDataSource<String>("cache", origin: .disk, journal: journal)
        cache.hold("expired", for: "myKey")
        main.failEveryCall(with: OperationCase.offline)
        let repository = CacheRepository(
            main: main, cache: cache,
            validator: ClosureValidator<String> { entry, _ in
                entry.value == "expired" ? .invalid(reason: "old") : .valid
            })
        let answer = try await repository.answer("myKey", operation: .cacheSync(fallback: .serveStale))
        #expect(answer.value == "expired" && answer.isStale && answer.fallbackError == OperationCase.offline)
    }

    @Test("A DataSourceValidator, as the seed names it, judges the cache")
    func dataSourceValidator() async throws {
        struct RejectsEmpty: DataSourceValidator {
            func validate(_ entry: Entry<String>, for query: Query) -> Validity {
                entry.value.isEmpty ? .invalid(reason: "empty") : .valid
            }
        }
        let journal = Journal()
        let main = DictionaryDataSource<String>("main", origin: .network, journal: journal)
        let cache = DictionaryDataSource<String>("cache", origin: .disk, journal: journal)
        main.hold("filled", for: "myKey")
        cache.hold("", for: "myKey")
        let repository = CacheRepository(main: main, cache: cache, validator: RejectsEmpty())
        #expect(try await repository.get("myKey") == "filled")
        #expect(journal.entries == ["cache.get", "main.get", "cache.put"])
    }
}
