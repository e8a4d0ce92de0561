import Foundation
import RepositoryCore
import Testing

/// Seed 004's seven repository tests, as the seed writes them, against a repository built on the
/// library's CacheRepository and cache policies.
@Suite("Seed 004: cache policies")
struct EpisodeRepositoryTests {
    private enum GenericTestError: Error { case unknown }

    // MARK: - LocalFirst Tests

    @Test("LocalFirst returns cached data when available")
    func localFirstReturnsCachedData() async throws {
        // Given
        let expected = Episode.stub()
        let remoteDataSourceMock = EpisodeRemoteDataSourceMock()
        let memoryDataSourceMock = EpisodeLocalDataSourceMock()
        memoryDataSourceMock.setItemToReturn(try loadJSON("episode"))
        let sut = EpisodeRepository(
            remoteDataSource: remoteDataSourceMock, memoryDataSource: memoryDataSourceMock)

        // When
        let value = try await sut.getEpisode(identifier: 1, cachePolicy: .localFirst)

        // Then
        #expect(value == expected)
        #expect(remoteDataSourceMock.fetchCallCount == 0)
    }

    @Test("LocalFirst fetches from remote on cache miss and saves")
    func localFirstFetchesFromRemoteOnCacheMiss() async throws {
        // Given
        let expected = Episode.stub()
        let remoteDataSourceMock = EpisodeRemoteDataSourceMock()
        remoteDataSourceMock.result = .success(try loadJSON("episode"))
        let memoryDataSourceMock = EpisodeLocalDataSourceMock()
        let sut = EpisodeRepository(
            remoteDataSource: remoteDataSourceMock, memoryDataSource: memoryDataSourceMock)

        // When
        let value = try await sut.getEpisode(identifier: 1, cachePolicy: .localFirst)

        // Then
        #expect(value == expected)
        #expect(remoteDataSourceMock.fetchCallCount == 1)
        #expect(memoryDataSourceMock.saveCallCount == 1)
    }

    // MARK: - RemoteFirst Tests

    @Test("RemoteFirst fetches from remote and saves to cache")
    func remoteFirstFetchesFromRemote() async throws {
        // Given
        let expected = Episode.stub()
        let remoteDataSourceMock = EpisodeRemoteDataSourceMock()
        remoteDataSourceMock.result = .success(try loadJSON("episode"))
        let memoryDataSourceMock = EpisodeLocalDataSourceMock()
        memoryDataSourceMock.setItemToReturn(try loadJSON("episode"))
        let sut = EpisodeRepository(
            remoteDataSource: remoteDataSourceMock, memoryDataSource: memoryDataSourceMock)

        // When
        let value = try await sut.getEpisode(identifier: 1, cachePolicy: .remoteFirst)

        // Then
        #expect(value == expected)
        #expect(remoteDataSourceMock.fetchCallCount == 1)
        #expect(memoryDataSourceMock.saveCallCount == 1)
    }

    @Test("RemoteFirst falls back to cache on error")
    func remoteFirstFallsBackToCache() async throws {
        // Given
        let expected = Episode.stub()
        let remoteDataSourceMock = EpisodeRemoteDataSourceMock()
        remoteDataSourceMock.result = .failure(RemoteTestError.invalidResponse)
        let memoryDataSourceMock = EpisodeLocalDataSourceMock()
        memoryDataSourceMock.setItemToReturn(try loadJSON("episode"))
        let sut = EpisodeRepository(
            remoteDataSource: remoteDataSourceMock, memoryDataSource: memoryDataSourceMock)

        // When
        let value = try await sut.getEpisode(identifier: 1, cachePolicy: .remoteFirst)

        // Then
        #expect(value == expected)
    }

    @Test("RemoteFirst throws when remote fails and cache is empty")
    func remoteFirstThrowsWhenRemoteFailsAndCacheIsEmpty() async throws {
        // Given
        let remoteDataSourceMock = EpisodeRemoteDataSourceMock()
        remoteDataSourceMock.result = .failure(RemoteTestError.invalidResponse)
        let memoryDataSourceMock = EpisodeLocalDataSourceMock()
        let sut = EpisodeRepository(
            remoteDataSource: remoteDataSourceMock, memoryDataSource: memoryDataSourceMock)

        // When / Then
        await #expect(throws: EpisodesError.loadFailed()) {
            _ = try await sut.getEpisode(identifier: 1, cachePolicy: .remoteFirst)
        }
    }

    // MARK: - NoCache Tests

    @Test("NoCache fetches from remote without saving")
    func noCacheFetchesFromRemoteWithoutSaving() async throws {
        // Given
        let expected = Episode.stub()
        let remoteDataSourceMock = EpisodeRemoteDataSourceMock()
        remoteDataSourceMock.result = .success(try loadJSON("episode"))
        let memoryDataSourceMock = EpisodeLocalDataSourceMock()
        memoryDataSourceMock.setItemToReturn(try loadJSON("episode"))
        let sut = EpisodeRepository(
            remoteDataSource: remoteDataSourceMock, memoryDataSource: memoryDataSourceMock)

        // When
        let value = try await sut.getEpisode(identifier: 1, cachePolicy: .noCache)

        // Then
        #expect(value == expected)
        #expect(remoteDataSourceMock.fetchCallCount == 1)
        #expect(memoryDataSourceMock.saveCallCount == 0)
    }

    // MARK: - Error Handling

    @Test("Maps generic error to loadFailed")
    func mapsGenericErrorToLoadFailed() async throws {
        // Given
        let remoteDataSourceMock = EpisodeRemoteDataSourceMock()
        remoteDataSourceMock.result = .failure(GenericTestError.unknown)
        let memoryDataSourceMock = EpisodeLocalDataSourceMock()
        let sut = EpisodeRepository(
            remoteDataSource: remoteDataSourceMock, memoryDataSource: memoryDataSourceMock)

        // When / Then
        await #expect(throws: EpisodesError.loadFailed()) {
            _ = try await sut.getEpisode(identifier: 1, cachePolicy: .noCache)
        }
    }

    // MARK: - Beyond the seven

    @Test("LocalFirst with an empty cache and a failing remote throws, as the seed's localFirst does")
    func localFirstThrowsWhenRemoteFails() async throws {
        let remoteDataSourceMock = EpisodeRemoteDataSourceMock()
        remoteDataSourceMock.result = .failure(RemoteTestError.invalidResponse)
        let sut = EpisodeRepository(
            remoteDataSource: remoteDataSourceMock, memoryDataSource: EpisodeLocalDataSourceMock())
        await #expect(throws: EpisodesError.loadFailed()) {
            _ = try await sut.getEpisode(identifier: 1, cachePolicy: .localFirst)
        }
    }

    @Test("The error mapper is given the query: a missing episode is notFound with its identifier")
    func errorMapperSeesTheQuery() async throws {
        let remoteDataSourceMock = EpisodeRemoteDataSourceMock()
        remoteDataSourceMock.result = .failure(RepositoryError.notFound(query: "id:7"))
        let sut = EpisodeRepository(
            remoteDataSource: remoteDataSourceMock, memoryDataSource: EpisodeLocalDataSourceMock())
        await #expect(throws: EpisodesError.notFound(identifier: 7)) {
            _ = try await sut.getEpisode(identifier: 7, cachePolicy: .noCache)
        }
    }
}
