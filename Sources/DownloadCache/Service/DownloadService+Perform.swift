import Foundation

extension DownloadService {
    /// The one implementation behind the three verbs.
    func perform(progress: ProgressReporter) async throws(DownloadError) -> DownloadResult<URL> {
        if Task.isCancelled { throw .cancelled }
        if cacheProvider.cachePolicy == .bypassServerCallOnFoundItem,
            let found = cacheProvider.find(key: cacheKey)
        {
            progress.finish()
            return DownloadResult(value: found, origin: .cache, headers: [:])
        }
        let request = DownloadRequest(url: url, headers: cacheProvider.headerValues(for: cacheKey))
        let folder = configuration.downloadsDirectory
        do {
            try PrivateFiles.ensureDirectory(folder)
        } catch {
            throw .fileSystem(detail: error.detail)
        }
        let partial = folder.appendingPathComponent(".partial-" + uniqueName())
        defer { PrivateFiles.remove(partial) }
        let response = try await transport.fetch(request, bodyFile: partial) { transferred in
            progress.report(received: transferred.received, expected: transferred.expected)
        }
        let result: DownloadResult<URL>
        switch response.statusCode {
        case 304:
            result = try revalidated(response)
        case 200..<300:
            result = try delivered(response, partial: partial, folder: folder)
        default:
            throw .httpStatus(code: response.statusCode, url: url.absoluteString)
        }
        progress.finish()
        return result
    }

    /// 304: the provider supplies its copy, or the download fails.
    private func revalidated(_ response: TransportResponse) throws(DownloadError) -> DownloadResult<URL> {
        do {
            let cached = try cacheProvider.cachedItem(key: cacheKey)
            return DownloadResult(value: cached, origin: .revalidated, headers: response.headers)
        } catch {
            throw .cachedItemUnavailable(key: cacheKey, reason: "\(error)")
        }
    }

    /// 2xx: the provider stores the body. Its copy is returned when it says where it is (or, under
    /// `.bypassServerCallOnFoundItem`, when `find(key:)` names it); otherwise the service keeps its
    /// own copy at the key's path in its folder. `find(key:)` is never called under
    /// `.alwaysFetchWithCustomHeader`, as seed 002 promises.
    private func delivered(
        _ response: TransportResponse, partial: URL, folder: URL
    ) throws(DownloadError) -> DownloadResult<URL> {
        // A second name for the delivered bytes (no bytes copied), so the service keeps a copy even
        // when a provider moves `partial` away and cannot say where it went.
        let spare = folder.appendingPathComponent(".spare-" + uniqueName())
        let hasSpare = PrivateFiles.hardLink(partial, to: spare)
        defer { PrivateFiles.remove(spare) }
        let located: URL?
        do {
            located = try cacheProvider.storeAndLocate(
                objectAt: partial, key: cacheKey, headers: response.headers)
        } catch {
            throw .cacheStoreFailed(key: cacheKey, reason: "\(error)")
        }
        if let stored = located ?? storedCopyFoundUnderBypass() {
            return DownloadResult(value: stored, origin: .server, headers: response.headers)
        }
        guard let file = SafeFileName.file(for: cacheKey, in: folder) else {
            throw .fileSystem(detail: "the key \(cacheKey.debugDescription) has no safe file name")
        }
        let kept = hasSpare ? spare : partial
        guard CacheFolder.isRegularFile(kept) else {
            throw .fileSystem(
                detail: "the cache took the delivered file of \(cacheKey) and did not say where")
        }
        do {
            try PrivateFiles.moveReplacing(kept, to: file)
        } catch {
            throw .fileSystem(detail: error.detail)
        }
        return DownloadResult(value: file, origin: .server, headers: response.headers)
    }

    /// The provider's copy after a store, asked of `find(key:)` only where the seed allows it.
    private func storedCopyFoundUnderBypass() -> URL? {
        guard cacheProvider.cachePolicy == .bypassServerCallOnFoundItem else { return nil }
        return cacheProvider.find(key: cacheKey)
    }

    /// A fresh name for a temporary file: letters, digits and `-` of the configured unique name.
    func uniqueName() -> String {
        configuration.makeUniqueName().filter(\.isSafeInName)
    }
}

extension Character {
    /// True for characters kept in generated file names.
    fileprivate var isSafeInName: Bool {
        isASCII && (isLetter || isNumber || self == "-")
    }
}
