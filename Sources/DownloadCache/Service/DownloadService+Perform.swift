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
        let partial = folder.appendingPathComponent(
            ".partial-" + configuration.makeUniqueName().filter(\.isSafeInName))
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

    /// 2xx: the provider stores the body and its copy is returned; the service keeps the body
    /// itself (at its per-key path) only when the provider returns no URL. Either way, one copy.
    private func delivered(
        _ response: TransportResponse, partial: URL, folder: URL
    ) throws(DownloadError) -> DownloadResult<URL> {
        do {
            try cacheProvider.store(objectAt: partial, key: cacheKey, headers: response.headers)
        } catch {
            throw .cacheStoreFailed(key: cacheKey, reason: "\(error)")
        }
        if let stored = cacheProvider.find(key: cacheKey) ?? (try? cacheProvider.cachedItem(key: cacheKey)) {
            PrivateFiles.remove(partial)
            return DownloadResult(value: stored, origin: .server, headers: response.headers)
        }
        guard let file = SafeFileName.file(for: cacheKey, in: folder) else {
            throw .fileSystem(detail: "the key \(cacheKey.debugDescription) has no safe file name")
        }
        do {
            try PrivateFiles.moveReplacing(partial, to: file)
        } catch {
            throw .fileSystem(detail: error.detail)
        }
        return DownloadResult(value: file, origin: .server, headers: response.headers)
    }
}

extension Character {
    /// True for characters kept in generated file names.
    fileprivate var isSafeInName: Bool {
        isASCII && (isLetter || isNumber || self == "-")
    }
}
