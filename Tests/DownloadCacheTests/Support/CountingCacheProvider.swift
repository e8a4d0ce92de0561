import DownloadCache
import Foundation
import Locking

/// A provider that counts the calls it gets and forwards them to a real file cache, optionally
/// throwing from `cachedItem` or `store` instead.
final class CountingCacheProvider: DownloadCacheProvider {
    struct Calls: Sendable, Equatable {
        var find = 0
        var cachedItem = 0
        var store = 0
        var headerValues = 0
        var storedHeaders: [HTTPHeaders] = []
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    let cachePolicy: DownloadCachePolicy
    private let base: FileSystemCacheProvider
    private let failCachedItem: Bool
    private let failStore: Bool
    private let extraHeaders: [String: String]
    private let recorded = PThreadMutex(Calls())

    init(
        base: FileSystemCacheProvider, policy: DownloadCachePolicy,
        failCachedItem: Bool = false, failStore: Bool = false, extraHeaders: [String: String] = [:]
    ) {
        self.base = base
        self.cachePolicy = policy
        self.failCachedItem = failCachedItem
        self.failStore = failStore
        self.extraHeaders = extraHeaders
    }

    var calls: Calls { recorded.withLock { $0 } }

    func find(key: String) -> URL? {
        recorded.withLock { $0.find += 1 }
        return base.find(key: key)
    }

    func cachedItem(key: String) throws -> URL {
        recorded.withLock { $0.cachedItem += 1 }
        if failCachedItem { throw Refusal(description: "the cache refuses to read") }
        return try base.cachedItem(key: key)
    }

    func store(objectAt file: URL, key: String, headers: HTTPHeaders) throws {
        recorded.withLock {
            $0.store += 1
            $0.storedHeaders.append(headers)
        }
        if failStore { throw Refusal(description: "the cache refuses to write") }
        try base.store(objectAt: file, key: key, headers: headers)
    }

    func headerValues(for cacheKey: String) -> [String: String] {
        recorded.withLock { $0.headerValues += 1 }
        return base.headerValues(for: cacheKey).merging(extraHeaders) { _, extra in extra }
    }
}

/// Collects progress values in arrival order. Thread-safe.
final class ProgressLog: Sendable {
    private let values = PThreadMutex<[Double]>([])

    var handler: @Sendable (Double) -> Void {
        { value in self.values.withLock { $0.append(value) } }
    }

    var recorded: [Double] { values.withLock { $0 } }

    /// True when every value is in 0…1 and each is larger than the one before.
    var isStrictlyIncreasingWithinUnitRange: Bool {
        let all = recorded
        return all.allSatisfy { (0...1).contains($0) } && zip(all, all.dropFirst()).allSatisfy { $0 < $1 }
    }
}
