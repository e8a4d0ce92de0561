#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP listener on 127.0.0.1 that takes one connection, reads what the client sends (the
/// request) and hangs up without an answer: a server that took a request and went away. The
/// socket closes when the value goes. Immutable; thread-safe.
final class HangUpListener: Sendable {
    let port: Int
    private let descriptor: Int32

    /// Listens on a free port; nil when the socket could not be made.
    init?() {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 1) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard listening else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    /// Blocks until a client connects and sends something, then closes that connection; returns
    /// the number of bytes read (0 when the client sent nothing).
    func takeRequestAndHangUp() -> Int {
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else { return 0 }
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        return buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
    }
}
