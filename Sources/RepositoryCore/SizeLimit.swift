/// The most bytes one value may take — an answer's body, a stored payload: a count of at least 1,
/// compared with `admits(_:)` (equal passes, one more is refused). A `Sendable` value.
///
/// Its `description` is what messages show: `1 GiB`, `16 MiB`, `64 KiB`, or `1000 bytes` for a count
/// that is not a whole number of KiB.
public struct SizeLimit: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The largest count admitted.
    public let bytes: Int

    /// A limit of `bytes` (at least 1: a smaller count is raised to 1).
    public init(bytes: Int) {
        self.bytes = max(1, bytes)
    }

    /// A limit of `count` KiB (1,024 bytes each).
    public static func kibibytes(_ count: Int) -> SizeLimit {
        let (product, overflow) = count.multipliedReportingOverflow(by: 1_024)
        return SizeLimit(bytes: overflow ? Int.max : product)
    }

    /// A limit of `count` MiB (1,048,576 bytes each).
    public static func mebibytes(_ count: Int) -> SizeLimit {
        let (product, overflow) = count.multipliedReportingOverflow(by: 1_048_576)
        return SizeLimit(bytes: overflow ? Int.max : product)
    }

    /// True when `count` bytes are within the limit.
    public func admits(_ count: Int) -> Bool { count <= bytes }

    /// True when `count` bytes are within the limit (an `Int64` count, as `Content-Length` is).
    public func admits(_ count: Int64) -> Bool { count <= Int64(bytes) }

    public var description: String {
        if bytes % 1_073_741_824 == 0 { return "\(bytes / 1_073_741_824) GiB" }
        if bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MiB" }
        if bytes % 1_024 == 0 { return "\(bytes / 1_024) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    public static func < (lhs: SizeLimit, rhs: SizeLimit) -> Bool { lhs.bytes < rhs.bytes }
}
