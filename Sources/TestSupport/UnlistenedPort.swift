#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP port on 127.0.0.1 that is bound but never listened on, so connecting to it is refused.
///
/// Holding the socket keeps every other socket, listening or connecting, off the port until the
/// last reference goes. Immutable once made, so tasks may share it.
public final class UnlistenedPort: Sendable {
    /// The bound port.
    public let port: Int
    private let descriptor: Int32

    /// Binds `port` on 127.0.0.1, or a free port when it is 0; nil when the port is taken.
    public init?(port: Int = 0) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0, (0...Int(UInt16.max)).contains(port) else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        var boundLength = length
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0
                    && getsockname(descriptor, socketAddress, &boundLength) == 0
            }
        }
        guard bound else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
