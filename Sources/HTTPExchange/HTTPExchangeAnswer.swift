import Foundation

/// An answer held whole: status, headers and the body. A value; thread-safe.
public struct HTTPExchangeAnswer: Sendable, Hashable {
    /// The limit of a whole answer's body unless told otherwise: 16 MiB.
    public static let defaultLimit = 16 << 20

    public var status: Int
    public var headers: [HTTPHeaderField]
    public var body: Data

    /// An answer as given.
    public init(status: Int, headers: [HTTPHeaderField] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`, compared without case.
    public func header(_ name: String) -> String? { headers.value(of: name) }
}

extension [HTTPHeaderField] {
    /// The first value of the field `name`, compared without case.
    func value(of name: String) -> String? {
        first {
            $0.name.utf8.count == name.utf8.count && $0.name.caseInsensitiveCompare(name) == .orderedSame
        }?.value
    }
}
