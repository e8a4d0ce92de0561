/// libpq's `sslmode`: whether the shared tier's connections use TLS and what they check.
/// A value; `Sendable`. The default is libpq's, `prefer`.
public enum PostgresSSLMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Plain text only.
    case disable
    /// Plain text first; TLS (unverified) when the server refuses plain text.
    case allow
    /// TLS (unverified) when the server offers it, else plain text.
    case prefer
    /// TLS or nothing; the certificate is checked against `sslrootcert` only when one is given.
    case require
    /// TLS, and the server's certificate must chain to a trusted CA.
    case verifyCA = "verify-ca"
    /// TLS, a trusted CA, and the certificate must name the host connected to.
    case verifyFull = "verify-full"

    /// The valid values, for error messages: `disable, allow, prefer, require, verify-ca, verify-full`.
    static var validValues: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// True for the modes that check the server's certificate against trusted roots.
    public var verifiesCertificate: Bool { self == .verifyCA || self == .verifyFull }

    public var description: String { rawValue }
}
