/// How the shared tier's connections use TLS, as libpq's `sslmode`, `sslrootcert`, `sslcert` and
/// `sslkey` say it. A value; `Sendable`. File paths are read when a store is made
/// (`PostgresTLSFiles`), so a missing or unreadable file is an error then, not at the first query.
public struct PostgresTLSSettings: Sendable, Hashable {
    /// `sslmode` (`prefer` unless given).
    public var mode: PostgresSSLMode
    /// `sslrootcert`: a PEM file of trusted CA certificates, or `system` for the system's roots.
    /// With `require`, a root file makes the mode check the certificate as `verify-ca` does.
    public var rootCertificate: String?
    /// `sslcert`: the client certificate (PEM) to present, if any.
    public var clientCertificate: String?
    /// `sslkey`: the client certificate's private key (PEM), required with `clientCertificate`.
    public var clientKey: String?

    /// Creates settings; the defaults are libpq's: `prefer`, no files.
    public init(
        mode: PostgresSSLMode = .prefer, rootCertificate: String? = nil, clientCertificate: String? = nil,
        clientKey: String? = nil
    ) {
        self.mode = mode
        self.rootCertificate = rootCertificate
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
    }

    /// The `sslrootcert` value that means the system's trusted roots.
    public static let systemRoots = "system"
}
