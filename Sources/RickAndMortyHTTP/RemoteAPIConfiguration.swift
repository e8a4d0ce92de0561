import Foundation
import RepositoryCore

/// Where the API lives and how requests to it are made. A value type, thread-safe.
public struct RemoteAPIConfiguration: Sendable, Hashable {
    /// The public API, `https://rickandmortyapi.com/api`.
    public static let publicBaseURL: URL = {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "rickandmortyapi.com"
        components.path = "/api"
        // The components above always form a URL; the file URL is never used.
        return components.url ?? URL(fileURLWithPath: "/api")
    }()

    /// True for the public API (`rickandmortyapi.com`), which takes no write: its characters are
    /// edited nowhere but on a server that takes writes (`charbrowser serve`, the embedded one).
    public var isReadOnly: Bool { baseURL.host?.lowercased() == Self.publicBaseURL.host }

    /// The API root that resource names are appended to (`…/api`, a trailing slash is fine).
    public var baseURL: URL
    /// How long a request may wait for the server before it fails with "timed out".
    public var timeout: Duration
    /// The `User-Agent` header sent with every request.
    public var userAgent: String
    /// The largest answer body accepted: a larger one fails the read with "Answer too large: over
    /// 16 MiB from host" (`RepositoryError.answerTooLarge(limit:from:)`), refused from its
    /// `Content-Length` or as soon as the bytes received pass it, so a read never holds more than this.
    public var maximumAnswerSize: SizeLimit

    /// The default `maximumAnswerSize`, 16 MiB: hundreds of times the API's largest page.
    public static let defaultMaximumAnswerSize = SizeLimit.mebibytes(16)

    /// Creates a configuration: the public API, a 10 s timeout, `charbrowser/0.1` and answers of
    /// at most 16 MiB by default.
    public init(
        baseURL: URL = RemoteAPIConfiguration.publicBaseURL, timeout: Duration = .seconds(10),
        userAgent: String = "charbrowser/0.1",
        maximumAnswerSize: SizeLimit = RemoteAPIConfiguration.defaultMaximumAnswerSize
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.userAgent = userAgent
        self.maximumAnswerSize = maximumAnswerSize
    }
}
