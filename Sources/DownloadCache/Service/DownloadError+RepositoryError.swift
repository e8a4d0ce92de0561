import RepositoryCore

extension DownloadError {
    /// The repository layer's view of this error: 404 is `notFound`, other server and transport failures
    /// are `mainUnavailable`, cache and file failures are `storageFailure`, cancellation is `cancelled`.
    public var repositoryError: RepositoryError {
        switch self {
        case .httpStatus(404, let url): .notFound(query: url)
        case .httpStatus, .connectionRefused, .timedOut, .transportFailed, .invalidResponse:
            .mainUnavailable(reason: description)
        case .cachedItemUnavailable, .cacheStoreFailed, .fileSystem: .storageFailure(detail: description)
        case .cancelled: .cancelled
        }
    }
}
