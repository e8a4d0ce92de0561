import CharacterData
import DownloadCache
import Foundation
import JPEGCodec
import RepositoryCore
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loads character avatars through a `DownloadService` and a size-bounded `FileSystemCacheProvider`,
/// then checks and decodes them. Navigation serves a cached file without asking the server
/// (`bypassServerCallOnFoundItem`); a refresh revalidates it with its ETag
/// (`alwaysFetchWithCustomHeader` over the same folder). A file that does not decode is removed,
/// unless it is a picture of another kind (PNG, GIF, WebP, BMP), which is kept and named.
///
/// Navigation looks in the cache itself before building a service, as the service would under its
/// policy, with the provider's `cachedFile(key:)`: one `stat` tells the loader the file's identity
/// (a picture decoded before is not decoded again), and a hit writes the file's last-use date only
/// when that date is older than `useDateResolution`. A refresh never asks the cache to find a file:
/// under `alwaysFetchWithCustomHeader` only the server's 304 (`cachedItem(key:)`) does.
///
/// `Sendable` and stateless apart from the cache folder: loads may run concurrently.
package struct AvatarLoader: Sendable {
    /// The avatar file cache (navigation's policy).
    package let cache: FileSystemCacheProvider
    /// How files are fetched.
    let transport: any DownloadTransport
    /// The most bytes and pixels accepted before decoding.
    let limits: JPEGLimits
    /// Whether the network may be used (the browser's offline switch).
    let isOnline: @Sendable () -> Bool
    /// The smallest picture decoded (the DCT scales down no further): the widest art (40 columns,
    /// 20 rows) needs 40 × 40 pixels.
    let minimumPixels: Int
    /// The API the browser reads now; avatar URLs of the API's form are fetched from it (a character
    /// cached on disk by an earlier run keeps the URL of that run's embedded server, on another port).
    let apiBaseURL: URL?
    /// The API's identity: the avatars of the API's form are cached under `<id>/character/avatar/…`,
    /// so two APIs (the sample and a dump, two servers on one host) never share a picture.
    let api: APIIdentity?
    /// The last pictures decoded, so a file-cache hit shown again is not decoded again.
    private let decoded = DecodedAvatars(capacity: 32)
    /// The URL and cache key of the avatar URLs seen lately (parsing a URL is not free).
    private let locations = AvatarLocations(capacity: 256)

    /// A loader caching in `directory`, at most `maximumBytes` of files, least recently used evicted
    /// first; a file-cache hit records its use only when the last one recorded is `useDateResolution`
    /// seconds old or more.
    package init(
        directory: URL, maximumBytes: Int64 = 16 << 20, useDateResolution: TimeInterval = 60,
        transport: any DownloadTransport = HTTPExchangeTransport(timeout: 10),
        limits: JPEGLimits = JPEGLimits(maximumBytes: 2 << 20, maximumPixels: 2048 * 2048),
        minimumPixels: Int = 40,
        apiBaseURL: URL? = nil, api: APIIdentity? = nil,
        isOnline: @escaping @Sendable () -> Bool = { true }
    ) {
        self.apiBaseURL = apiBaseURL
        self.api = api
        self.cache = FileSystemCacheProvider(
            directory: directory, cachePolicy: .bypassServerCallOnFoundItem, maximumBytes: maximumBytes,
            useDateResolution: useDateResolution)
        self.transport = transport
        self.limits = limits
        self.minimumPixels = minimumPixels
        self.isOnline = isOnline
    }

    /// Loads the avatar at `url`; `refresh` revalidates a cached file. `progress` receives bytes
    /// received and expected while the body arrives. Never throws: every failure is an outcome.
    package func load(
        url: String, refresh: Bool, progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }
    ) async -> AvatarOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        let (result, origin, bytes) = await fetchAndDecode(url: url, refresh: refresh, progress: progress)
        return AvatarOutcome(
            result: result, origin: origin, bytes: bytes, elapsed: start.duration(to: clock.now),
            cacheKey: locations.location(of: url, derive: locate)?.key)
    }

    /// Reads the avatar cached under `cacheKey` (the file cache's key, `sample/character/avatar/1.jpeg`)
    /// again from its URL on the current API: `conditional` sends the cached validators (a 304 is
    /// `revalidated`); otherwise the cached file is removed first and the avatar downloaded anew.
    /// Offline it fails and the cached file stays. Never throws: every failure is an outcome.
    func reload(cacheKey: String, conditional: Bool) async -> AvatarOutcome {
        guard let url = url(ofCacheKey: cacheKey) else {
            return AvatarOutcome(
                result: .failure(AvatarFailure("No image: \(cacheKey) names no URL.")), origin: nil, bytes: 0,
                elapsed: .zero)
        }
        guard isOnline() else {
            return AvatarOutcome(
                result: .failure(AvatarFailure("offline: the avatar was not read again")), origin: nil,
                bytes: 0,
                elapsed: .zero)
        }
        if !conditional {
            decoded.forget(cacheKey: cacheKey)
            cache.remove(key: cacheKey)
        }
        return await load(url: url.absoluteString, refresh: conditional)
    }

    private func fetchAndDecode(
        url text: String, refresh: Bool, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> (Result<HalfBlockPicture, AvatarFailure>, AvatarOrigin?, Int) {
        guard let (url, key) = locations.location(of: text, derive: locate) else {
            return (.failure(AvatarFailure("No image: its URL is not an http(s) URL.")), nil, 0)
        }
        let online = isOnline()
        if !online || !refresh {
            // What the download service does first under navigation's policy (`find(key:)`), without
            // building one; offline, the cache is all there is.
            if let cached = cache.cachedFile(key: key) {
                return decode(file: cached.url, key: key, origin: .fileCache, known: cached)
            }
            if !online {
                return (.failure(AvatarFailure("No image offline: the avatar is not cached.")), nil, 0)
            }
        }
        let provider = refresh ? cache.withCachePolicy(.alwaysFetchWithCustomHeader) : cache
        let service = DownloadService(
            url: url, cacheKey: key, cacheProvider: provider,
            transport: ObservedTransport(base: transport, observe: progress),
            configuration: .init(
                downloadsDirectory: cache.directory.appendingPathComponent(".downloads", isDirectory: true)))
        do throws(DownloadError) {
            let result = try await service.downloadAsync()
            return decode(file: result.value, key: key, origin: Self.origin(of: result.origin), known: nil)
        } catch {
            if error == .cancelled {
                return (.failure(AvatarFailure("Cancelled.", isCancellation: true)), nil, 0)
            }
            return (.failure(AvatarFailure("No image: \(error.description)")), nil, 0)
        }
    }

    /// Decodes `file` (cached under `key`), or pastes the picture decoded from the same file before.
    /// `known` is what the cache's own `stat` said of a file-cache hit; other files are looked at here.
    private func decode(file: URL, key: String, origin: AvatarOrigin, known: CachedFile?) -> (
        Result<HalfBlockPicture, AvatarFailure>, AvatarOrigin?, Int
    ) {
        let identity =
            known.map {
                DecodedAvatars.Key(cacheKey: key, inode: $0.identity.inode, size: $0.byteCount)
            } ?? Self.identity(of: file, cacheKey: key)
        let size = identity.size
        if identity.inode != 0, let image = decoded.image(for: identity) {
            return (.success(image), origin, size)
        }
        guard size <= limits.maximumBytes else {
            cache.remove(key: key)  // too big to read: checked before a byte is loaded
            let failure = JPEGError.tooManyBytes(count: size, limit: limits.maximumBytes)
            return (.failure(AvatarFailure("No image: \(failure.description)")), origin, size)
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            cache.remove(key: key)
            return (.failure(AvatarFailure("No image: the cached file could not be read.")), origin, 0)
        }
        let bytes = Array(data)
        if let kind = Self.otherPictureKind(bytes) {
            // A good download of a picture this browser does not draw: kept, so the next visit says
            // so from the file cache instead of downloading it again.
            return (.failure(AvatarFailure("No image: a \(kind) picture; only JPEG is drawn.")), origin, bytes.count)
        }
        do throws(JPEGError) {
            let decoded = try JPEGDecoder.decode(
                bytes, minimumWidth: minimumPixels, minimumHeight: minimumPixels, limits: limits)
            guard let image = PixelImage(width: decoded.width, height: decoded.height, rgb: decoded.bytes)
            else {
                throw .corrupt(reason: "no pixels")
            }
            let picture = HalfBlockPicture(image)
            if identity.inode != 0 { self.decoded.remember(picture, for: identity) }
            return (.success(picture), origin, bytes.count)
        } catch {
            decoded.forget(cacheKey: key)
            cache.remove(key: key)  // a broken file is not kept
            return (.failure(AvatarFailure("No image: \(error.description)")), origin, bytes.count)
        }
    }

    /// The kind of picture `bytes` begin as when it is one this browser does not draw (`PNG`), by its
    /// signature; nil for anything else (a JPEG, or bytes that are no picture).
    static func otherPictureKind(_ bytes: [UInt8]) -> String? {
        let signatures: [(kind: String, prefix: [UInt8])] = [
            ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), ("GIF", Array("GIF8".utf8)),
            ("BMP", Array("BM".utf8)),
        ]
        if let match = signatures.first(where: { bytes.starts(with: $0.prefix) }) { return match.kind }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "WebP"
        }
        return nil
    }

    /// The identity of `file`, cached under `cacheKey`, by one `stat` (inode 0 when it cannot be read).
    private static func identity(of file: URL, cacheKey: String) -> DecodedAvatars.Key {
        var status = stat()
        guard stat(file.path, &status) == 0 else {
            return DecodedAvatars.Key(cacheKey: cacheKey, inode: 0, size: 0)
        }
        return DecodedAvatars.Key(cacheKey: cacheKey, inode: UInt64(status.st_ino), size: Int(status.st_size))
    }

    /// The URL to fetch for avatar URL `text` and its cache key; nil unless it is an http(s) URL.
    /// An avatar of the API's form is keyed within the API's identity (`sample/character/avatar/1.jpeg`):
    /// the embedded server's port changes from run to run, its avatars do not, and another API's
    /// are other pictures. Any other URL is keyed by its host, port and path.
    private func locate(_ text: String) -> AvatarLocation? {
        guard let original = URL(string: text) else { return nil }
        let url = onCurrentAPI(original)
        guard url.scheme == "http" || url.scheme == "https" else { return nil }
        if let api, hasAPIForm(original) {
            return (url, api.id + Self.avatarPath + url.lastPathComponent)
        }
        return (url, (url.host ?? "") + (url.port.map { ":\($0)" } ?? "") + url.path)
    }

    /// The path of an avatar of the API's form after the API's identity in a cache key.
    static let avatarPath = "/character/avatar/"

    /// Whether `url` has the API's avatar form (`…/character/avatar/<file>`), which
    /// `onCurrentAPI` moves onto the current API.
    private func hasAPIForm(_ url: URL) -> Bool {
        apiBaseURL != nil && url.deletingLastPathComponent().path.hasSuffix("/character/avatar")
    }

    /// The URL a cache key was made from: an avatar of the API's form on the current API, else
    /// the host, port and path it names.
    private func url(ofCacheKey cacheKey: String) -> URL? {
        if let api, let apiBaseURL, cacheKey.hasPrefix(api.id + Self.avatarPath) {
            return apiBaseURL.appendingPathComponent("character/avatar", isDirectory: true)
                .appendingPathComponent(String(cacheKey.dropFirst(api.id.count + Self.avatarPath.count)))
        }
        return URL(string: "http://" + cacheKey).map(onCurrentAPI)
    }

    /// `url` moved onto `apiBaseURL` when it has the API's avatar form (`…/character/avatar/<file>`).
    func onCurrentAPI(_ url: URL) -> URL {
        guard let apiBaseURL, url.deletingLastPathComponent().path.hasSuffix("/character/avatar") else {
            return url
        }
        return apiBaseURL.appendingPathComponent("character/avatar", isDirectory: true)
            .appendingPathComponent(url.lastPathComponent)
    }

    private static func origin(of origin: DownloadOrigin) -> AvatarOrigin {
        switch origin {
        case .cache: .fileCache
        case .server: .network
        case .revalidated: .revalidated
        }
    }
}

/// A transport that tells `observe` of every progress step (bytes received and expected) before
/// the service sees it. `Sendable` as its parts are.
private struct ObservedTransport: DownloadTransport {
    let base: any DownloadTransport
    let observe: @Sendable (TransferProgress) -> Void

    func fetch(
        _ request: DownloadRequest, bodyFile: URL, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(DownloadError) -> TransportResponse {
        let observe = observe
        return try await base.fetch(request, bodyFile: bodyFile) { step in
            observe(step)
            progress(step)
        }
    }
}

extension AvatarLoader {
    /// `reload(cacheKey:conditional:)` in the cache inspector's terms: the origin of the file read
    /// again (`revalidated`, `network`), or why there is none as `mainUnavailable`.
    package func reread(_ cacheKey: String, conditional: Bool) async -> Result<Origin, RepositoryError> {
        let outcome = await reload(cacheKey: cacheKey, conditional: conditional)
        if case .failure(let failure) = outcome.result {
            return .failure(.mainUnavailable(reason: failure.reason))
        }
        switch outcome.origin {
        case .revalidated?: return .success(.revalidated)
        case .fileCache?: return .success(.disk)
        case .network?, nil: return .success(.network)
        }
    }
}
