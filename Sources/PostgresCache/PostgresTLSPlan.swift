import Foundation
import NIOSSL
import PostgresNIO

/// A location's TLS settings made concrete: the certificate files read and checked, and the
/// connection attempts `sslmode` makes, in order (`allow`: plain text, then TLS). A value; `Sendable`.
struct PostgresTLSPlan: Sendable {
    /// One way to connect: plain text, TLS if offered, or TLS only.
    enum Attempt: Sendable, Equatable {
        case plain, preferTLS, requireTLS
    }

    /// The attempts in order; every mode has one but `allow`, which has two.
    let attempts: [Attempt]
    /// The swift-nio-ssl configuration of the TLS attempts (nil with `disable`).
    let configuration: TLSConfiguration?
    /// The context made from it once, for direct connections.
    let context: NIOSSLContext?

    /// Reads the files `settings` names and builds the configuration; throws a sentence naming the
    /// file and what is wrong with it (missing, unreadable, not PEM, a key others may read).
    init(_ settings: PostgresTLSSettings) throws(PostgresCacheLocationError) {
        switch settings.mode {
        case .disable: attempts = [.plain]
        case .allow: attempts = [.plain, .requireTLS]
        case .prefer: attempts = [.preferTLS]
        case .require, .verifyCA, .verifyFull: attempts = [.requireTLS]
        }
        guard settings.mode != .disable else {
            configuration = nil
            context = nil
            return
        }
        var configuration = TLSConfiguration.makeClientConfiguration()
        let root = settings.rootCertificate
        let verifies = settings.mode.verifiesCertificate || (settings.mode == .require && root != nil)
        if settings.mode.verifiesCertificate, root == nil {
            throw PostgresCacheLocationError(
                text: "sslmode=\(settings.mode)",
                problem: "it needs the CA that signed the server's certificate: sslrootcert=FILE "
                    + "(or sslrootcert=system), PGSSLROOTCERT, or ~/.postgresql/root.crt", isURL: false)
        }
        if verifies, let root {
            if root == PostgresTLSSettings.systemRoots {
                configuration.trustRoots = .default
            } else {
                configuration.trustRoots = .certificates(try Self.certificates(root, role: "sslrootcert"))
            }
            configuration.certificateVerification =
                settings.mode == .verifyFull ? .fullVerification : .noHostnameVerification
        } else {
            configuration.certificateVerification = .none
        }
        switch (settings.clientCertificate, settings.clientKey) {
        case (nil, nil): break
        case (let certificate?, let key?):
            configuration.certificateChain = try Self.certificates(certificate, role: "sslcert").map {
                .certificate($0)
            }
            configuration.privateKey = .privateKey(try Self.privateKey(key))
        case (let certificate?, nil):
            throw PostgresCacheLocationError(
                text: certificate, problem: "sslcert needs its private key: sslkey=FILE (or PGSSLKEY)", isURL: false)
        case (nil, let key?):
            throw PostgresCacheLocationError(
                text: key, problem: "sslkey needs its certificate: sslcert=FILE (or PGSSLCERT)", isURL: false)
        }
        self.configuration = configuration
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw PostgresCacheLocationError(
                text: "sslmode=\(settings.mode)", problem: "the TLS setup failed: \(error)", isURL: false)
        }
    }

    /// The TLS mode of a direct connection for `attempt`.
    func connectionTLS(_ attempt: Attempt) -> PostgresConnection.Configuration.TLS {
        guard let context else { return .disable }
        switch attempt {
        case .plain: return .disable
        case .preferTLS: return .prefer(context)
        case .requireTLS: return .require(context)
        }
    }

    /// The TLS mode of a pool's connections for `attempt`.
    func clientTLS(_ attempt: Attempt) -> PostgresClient.Configuration.TLS {
        guard let configuration else { return .disable }
        switch attempt {
        case .plain: return .disable
        case .preferTLS: return .prefer(configuration)
        case .requireTLS: return .require(configuration)
        }
    }

    /// The PEM certificates in `path`; throws when the file is missing, unreadable or holds none.
    static func certificates(_ path: String, role: String) throws(PostgresCacheLocationError) -> [NIOSSLCertificate] {
        let bytes = Array(try ConfigurationFile.contents(path, role: role))
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMBytes(bytes)
        } catch {
            throw PostgresCacheLocationError(text: path, problem: "\(role): not a PEM certificate file", isURL: false)
        }
        guard !certificates.isEmpty else {
            throw PostgresCacheLocationError(text: path, problem: "\(role): the file holds no certificate", isURL: false)
        }
        return certificates
    }

    /// The PEM private key in `path`. As libpq, refuses a key that group or others may read
    /// (0600 or less; 0640 when root owns it).
    static func privateKey(_ path: String) throws(PostgresCacheLocationError) -> NIOSSLPrivateKey {
        var status = stat()
        if stat(path, &status) == 0 {
            let loose = status.st_uid == 0 ? status.st_mode & (S_IWGRP | S_IXGRP | S_IRWXO) : status.st_mode & (S_IRWXG | S_IRWXO)
            if loose != 0 {
                throw PostgresCacheLocationError(
                    text: path,
                    problem: "sslkey: group or others may access the private key; its permissions should be u=rw (0600) or less",
                    isURL: false)
            }
        }
        let bytes = Array(try ConfigurationFile.contents(path, role: "sslkey"))
        do {
            return try NIOSSLPrivateKey(bytes: bytes, format: .pem)
        } catch {
            throw PostgresCacheLocationError(text: path, problem: "sslkey: not a PEM private key", isURL: false)
        }
    }
}

extension PostgresCacheLocation {
    /// Reads the certificate files the location names, as a store will; throws a sentence naming
    /// the file and what is wrong (missing, unreadable, not PEM, a key others may read).
    public func checkCertificateFiles() throws(PostgresCacheLocationError) {
        _ = try PostgresTLSPlan(tls)
    }
}
