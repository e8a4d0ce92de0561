import NIOSSL
import PostgresNIO

/// Why a server refused a connection, in words a person can act on: TLS not offered, a certificate
/// not trusted or not naming the host, `pg_hba.conf` refusing plain text, no password. Stateless.
enum PostgresRefusal {
    /// The sentence for `error`, or nil when it is no refusal of these kinds. Never a password:
    /// only the server's message and the TLS library's error are quoted.
    static func reason(_ error: PSQLError) -> String? {
        if error.code == .sslUnsupported {
            return "TLS refused: the server does not offer TLS, and sslmode requires it"
        }
        if error.code == .authMechanismRequiresPassword {
            return "the server asks for a password and none was given (the URL, PGPASSWORD or the password file)"
        }
        if let message = error.serverInfo?[.message], message.contains("pg_hba.conf") {
            let hint =
                message.contains("no encryption")
                ? " (the server accepts only TLS connections: use sslmode=prefer or stronger)" : ""
            return "refused by the server's pg_hba.conf: \(message)\(hint)"
        }
        guard let underlying = error.underlying else { return nil }
        if let extra = underlying as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "certificate refused: it does not name the host connected to (sslmode=verify-full)"
        }
        if let tls = underlying as? NIOSSLError {
            let text = String(describing: tls)
            if text.contains("CERTIFICATE_VERIFY_FAILED") {
                return "certificate refused: the server's certificate is not signed by a CA in sslrootcert"
            }
            return "TLS failed: \(String(text.prefix(200)))"
        }
        return nil
    }
}
