import AsyncHTTPExchange
import CharacterData
import Foundation
import HTTPExchange
import Locking
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyServer
import TestSupport

/// An exchange that forwards to the real one and records the path of every request.
final class RecordingTransport: HTTPExchanging {
    private let inner = AsyncHTTPExchange.shared
    private let paths = PThreadMutex<[String]>([])

    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        paths.withLock { $0.append(request.url.path) }
        return try await inner.exchange(request, reading: read)
    }

    /// Every path requested so far, in order.
    var requested: [String] { paths.withLock { $0 } }

    /// How many times each character id was asked for, by one-id or multi-id requests.
    var characterRequestsByID: [Int: Int] {
        var counts: [Int: Int] = [:]
        for path in requested {
            let parts = path.split(separator: "/")
            guard parts.count >= 2, parts[parts.count - 2] == "character" else { continue }
            // `/character/5,5` asks for one id: count each id once per request.
            for id in Set(parts[parts.count - 1].split(separator: ",").compactMap { Int($0) }) {
                counts[id, default: 0] += 1
            }
        }
        return counts
    }
}

extension Fixture {
    /// The API at `url` (this fixture's server by default) through `transport`.
    func api(at url: URL? = nil, transport: any HTTPExchanging = AsyncHTTPExchange.shared) -> RemoteAPI {
        RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: url ?? baseURL, timeout: .seconds(60)),
            http: transport, networkSwitch: networkSwitch, timeSource: time)
    }

    /// A repository over `api`, caching in this fixture's cache file.
    func repository(api: RemoteAPI, timeToLive: TimeInterval? = 3_600) throws -> CharacterRepository {
        CharacterRepository(
            api: api, database: try CacheDatabase(location: .file(cacheFile)),
            configuration: CharacterRepositoryConfiguration(timeToLive: timeToLive, timeSource: time))
    }
}
