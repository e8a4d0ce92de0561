import CharacterData
import DownloadCache
import Foundation
import JPEGCodec
import Locking
import RepositoryCore
import TerminalUI

/// Loads character avatars through a `DownloadService` and a size-bounded `FileSystemCacheProvider`,
/// then checks and decodes them. Navigation serves a cached file without asking the server
/// (`bypassServerCallOnFoundItem`), looking in the cache itself with one `stat` (`cachedFile(key:)`).
/// A refresh revalidates with the ETag (`alwaysFetchWithCustomHeader` over the same folder: only
/// the server's 304 finds the file). A file that does not decode is removed, unless it is a picture
/// of another kind (PNG, GIF, WebP, BMP), kept and named. `Sendable` and stateless apart from the
/// cache folder: loads may run concurrently.
package struct AvatarLoader: Sendable {
    /// A load's end before it is timed: the picture or why not, where the file came from, its size.
    private typealias Decoded = (
        result: Result<HalfBlockPicture, AvatarFailure>, origin: AvatarOrigin?, bytes: Int
    )

    /// The avatar file cache (navigation's policy).
    package let cache: FileSystemCacheProvider
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
    private let decoded = DecodedAvatars()
    private let locations = AvatarLocations()

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
        let start = ContinuousClock.now
        let (result, origin, bytes) = await fetchAndDecode(url: url, refresh: refresh, progress: progress)
        return AvatarOutcome(
            result: result, origin: origin, bytes: bytes, elapsed: start.duration(to: .now),
            cacheKey: locations.location(of: url, derive: locate)?.key)
    }

    /// For the cache inspector: reads the avatar cached under `cacheKey` (`sample/character/avatar/1.jpeg`)
    /// again from its URL on the current API and says where it came from; `conditional` sends the cached
    /// validators, else the file is removed and downloaded anew. Offline it fails and the file stays.
    package func reread(_ cacheKey: String, conditional: Bool) async -> Result<Origin, RepositoryError> {
        guard let url = url(ofCacheKey: cacheKey) else {
            return .failure(.mainUnavailable(reason: "No image: \(cacheKey) names no URL."))
        }
        guard isOnline() else {
            return .failure(.mainUnavailable(reason: "offline: the avatar was not read again"))
        }
        if !conditional {
            decoded.forget(cacheKey: cacheKey)
            cache.remove(key: cacheKey)
        }
        let outcome = await load(url: url.absoluteString, refresh: conditional)
        if case .failure(let failure) = outcome.result {
            return .failure(.mainUnavailable(reason: failure.reason))
        }
        switch outcome.origin {
        case .revalidated?: return .success(.revalidated)
        case .fileCache?: return .success(.disk)
        case .network?, nil: return .success(.network)
        }
    }

    private func fetchAndDecode(
        url text: String, refresh: Bool, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Decoded {
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
                let reason = "No image offline: the avatar is not cached; it is read when o turns the network on."
                return (.failure(AvatarFailure(reason)), nil, 0)
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
            let origin: AvatarOrigin =
                switch result.origin {
                case .cache: .fileCache
                case .server: .network
                case .revalidated: .revalidated
                }
            return decode(file: result.value, key: key, origin: origin, known: nil)
        } catch {
            if error == .cancelled {
                return (.failure(AvatarFailure("Cancelled.", isCancellation: true)), nil, 0)
            }
            return (.failure(AvatarFailure("No image: \(error.description)")), nil, 0)
        }
    }

    /// Decodes `file` (cached under `key`), or pastes the picture decoded from the same file before.
    /// `known` is what the cache's own `stat` said of a file-cache hit; other files are looked at here.
    private func decode(file: URL, key: String, origin: AvatarOrigin, known: CachedFile?) -> Decoded {
        var identity = DecodedAvatars.Key(cacheKey: key, inode: 0, size: 0)
        var status = stat()
        if let known {
            identity = DecodedAvatars.Key(cacheKey: key, inode: known.identity.inode, size: known.byteCount)
        } else if stat(file.path, &status) == 0 {
            identity = DecodedAvatars.Key(
                cacheKey: key, inode: UInt64(status.st_ino), size: Int(status.st_size))
        }
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
            let reason = "No image: a \(kind) picture; only JPEG is drawn."
            return (.failure(AvatarFailure(reason)), origin, bytes.count)
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
        let isWebP = bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8))
        return isWebP && bytes[8..<12].elementsEqual("WEBP".utf8) ? "WebP" : nil
    }

    /// The URL to fetch for avatar URL `text` and its cache key; nil unless it is an http(s) URL.
    /// An avatar of the API's form is keyed within the API's identity (`sample/character/avatar/1.jpeg`):
    /// the embedded server's port changes from run to run, its avatars do not, and another API's
    /// are other pictures. Any other URL is keyed by its host, port and path.
    private func locate(_ text: String) -> AvatarLocation? {
        guard let original = URL(string: text) else { return nil }
        let moved = movedOntoAPI(original)
        let url = moved ?? original
        guard url.scheme == "http" || url.scheme == "https" else { return nil }
        if let api, moved != nil {
            return (url, api.id + Self.avatarPath + url.lastPathComponent)
        }
        return (url, (url.host ?? "") + (url.port.map { ":\($0)" } ?? "") + url.path)
    }

    /// The path of an avatar of the API's form after the API's identity in a cache key.
    private static let avatarPath = "/character/avatar/"

    /// The URL a cache key was made from: an avatar of the API's form on the current API, else
    /// the host, port and path it names.
    private func url(ofCacheKey cacheKey: String) -> URL? {
        if let api, let apiBaseURL, cacheKey.hasPrefix(api.id + Self.avatarPath) {
            return apiBaseURL.appendingPathComponent("character/avatar", isDirectory: true)
                .appendingPathComponent(String(cacheKey.dropFirst(api.id.count + Self.avatarPath.count)))
        }
        return URL(string: "http://" + cacheKey).map { movedOntoAPI($0) ?? $0 }
    }

    /// `url` moved onto `apiBaseURL` when it has the API's avatar form (`…/character/avatar/<file>`),
    /// else nil.
    private func movedOntoAPI(_ url: URL) -> URL? {
        guard let apiBaseURL, url.deletingLastPathComponent().path.hasSuffix("/character/avatar") else {
            return nil
        }
        return apiBaseURL.appendingPathComponent("character/avatar", isDirectory: true)
            .appendingPathComponent(url.lastPathComponent)
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

/// The pictures of the last few avatar files decoded, keyed by the file's identity (its cache key,
/// which names one file of the folder, inode and size), so showing a file-cache hit again does not
/// decode it again. A replaced file (a new download is a rename: a new inode) or a changed size
/// misses. Thread-safe: a `PThreadMutex`.
private final class DecodedAvatars: Sendable {
    /// A decoded file's identity. A plain value.
    struct Key: Hashable, Sendable {
        let cacheKey: String
        let inode: UInt64
        let size: Int
    }

    private let capacity = 32
    /// The pictures, and their keys oldest first.
    private let entries = PThreadMutex<(images: [Key: HalfBlockPicture], order: [Key])>(([:], []))

    func image(for key: Key) -> HalfBlockPicture? { entries.withLock { $0.images[key] } }

    func remember(_ image: HalfBlockPicture, for key: Key) {
        entries.withLock { entries in
            if entries.images.updateValue(image, forKey: key) == nil { entries.order.append(key) }
            while entries.order.count > capacity {
                entries.images[entries.order.removeFirst()] = nil
            }
        }
    }

    func forget(cacheKey: String) {
        entries.withLock { entries in
            entries.order.removeAll { key in
                guard key.cacheKey == cacheKey else { return false }
                entries.images[key] = nil
                return true
            }
        }
    }
}

/// Where an avatar URL's file is fetched from, and its key in the file cache.
private typealias AvatarLocation = (url: URL, key: String)

/// The `AvatarLocation` of the last `capacity` avatar URLs (or a remembered failure to parse one),
/// as parsing a URL is not free; forgotten all at once when full. Thread-safe: a `PThreadMutex`.
private final class AvatarLocations: Sendable {
    private let capacity = 256
    private let known = PThreadMutex<[String: AvatarLocation?]>([:])

    /// The location of `text`, from `derive` the first time.
    func location(of text: String, derive: (String) -> AvatarLocation?) -> AvatarLocation? {
        if let remembered = known.withLock({ $0[text] }) { return remembered }
        let location = derive(text)
        known.withLock { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[text] = .some(location)
        }
        return location
    }
}
