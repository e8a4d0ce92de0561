import Foundation
import Locking
import RepositoryCore

/// An error of the remote side that is not a `RepositoryError` (what an HTTP client throws).
enum RemoteTestError: Error { case invalidResponse }

/// A remote data source mock: answers `result` and counts fetches. Thread-safe (one `PThreadMutex`).
final class EpisodeRemoteDataSourceMock: GetDataSource {
    private let state = PThreadMutex<(result: Result<EpisodeDTO, any Error>, fetchCallCount: Int)>(
        (result: .failure(RemoteTestError.invalidResponse), fetchCallCount: 0))

    var result: Result<EpisodeDTO, any Error> {
        get { state.withLock { $0.result } }
        set { state.withLock { $0.result = newValue } }
    }

    var fetchCallCount: Int { state.withLock { $0.fetchCallCount } }

    func get(_ query: Query, cached: Entry<EpisodeDTO>?) async throws(RepositoryError) -> Entry<EpisodeDTO> {
        let result = state.withLock { state in
            state.fetchCallCount += 1
            return state.result
        }
        switch result {
        case .success(let dto):
            return Entry(value: dto, metadata: EntryMetadata(storedAt: Date()), origin: .network)
        case .failure(let error): throw RepositoryError(error, from: .main)
        }
    }
}

/// A memory data source mock: holds at most one item and counts saves. Thread-safe (one `PThreadMutex`).
final class EpisodeLocalDataSourceMock: GetDataSource, PutDataSource, DeleteDataSource {
    private let state = PThreadMutex<(item: EpisodeDTO?, saveCallCount: Int)>((item: nil, saveCallCount: 0))

    var saveCallCount: Int { state.withLock { $0.saveCallCount } }

    func setItemToReturn(_ item: EpisodeDTO?) { state.withLock { $0.item = item } }

    func get(_ query: Query, cached: Entry<EpisodeDTO>?) async throws(RepositoryError) -> Entry<EpisodeDTO> {
        guard let item = state.withLock({ $0.item }) else { throw .notFound(query: query.cacheKey) }
        return Entry(value: item, metadata: EntryMetadata(storedAt: Date()), origin: .memory)
    }

    @discardableResult
    func put(_ entry: Entry<EpisodeDTO>, for query: Query) async throws(RepositoryError) -> Entry<EpisodeDTO>
    {
        state.withLock { state in
            state.item = entry.value
            state.saveCallCount += 1
        }
        return entry.with(origin: .memory)
    }

    func delete(_ query: Query) async throws(RepositoryError) { state.withLock { $0.item = nil } }
}
