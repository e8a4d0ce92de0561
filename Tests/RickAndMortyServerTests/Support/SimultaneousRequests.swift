import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Sends HTTP/1.1 requests to a loopback port so that they complete together: each on a connection
/// of its own, every byte but the last written first, then the last bytes one after another. The
/// server sees the requests complete within microseconds of each other, on different threads.
/// Blocking: call it on a thread of its own (`onOwnThread`). A namespace; thread-safe.
enum SimultaneousRequests {
    /// One answer: its status, headers (names in lower case) and body.
    typealias Reply = LoopbackHTTPClient.Reply

    /// A socket call that failed, or an answer that is not HTTP.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A request with a body: `method path` with `headers`, `Connection: close` and the length.
    static func request(_ method: String, _ path: String, headers: [String: String], body: Data) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + Array(body)
    }

    /// Sends `requests` (each at least one byte) to `127.0.0.1:port` as described above; their
    /// answers, in order.
    static func send(_ requests: [[UInt8]], port: Int) throws -> [Reply] {
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for request in requests {
            let socket = try connect(port: port)
            sockets.append(socket)
            try write(Array(request.dropLast()), to: socket)
        }
        for (socket, request) in zip(sockets, requests) { try write(Array(request.suffix(1)), to: socket) }
        return try sockets.map { try reply(readAll($0)) }
    }

    private static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("socket: \(errno)") }
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure("connect: \(errno)")
        }
        return socket
    }

    private static func write(_ bytes: [UInt8], to socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress?.advanced(by: sent), $0.count - sent, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure("send: \(errno)") }
            sent += count
        }
    }

    private static func readAll(_ socket: Int32) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure("recv: \(errno)") }
            if count == 0 { return received }
            received += buffer.prefix(count)
        }
    }

    /// The answer in `bytes`: a status line, headers, and a body of `Content-Length` bytes.
    private static func reply(_ bytes: [UInt8]) throws -> Reply {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw Failure("no complete answer: \(String(decoding: bytes, as: UTF8.self))")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines.first?.split(separator: " ") ?? []
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { throw Failure("no status: \(lines)") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(bytes[(end + 4)...])
        if let length = headers["content-length"].flatMap(Int.init), length <= body.count { body = body.prefix(length) }
        return Reply(status: status, headers: headers, body: body)
    }
}
