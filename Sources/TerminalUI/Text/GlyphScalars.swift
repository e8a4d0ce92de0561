/// The scalars of one glyph — at most five, as an ncurses cell holds them — stored inline.
/// A trivially copyable value: cells built from it copy and compare without reference counting.
public struct GlyphScalars: Sendable, Hashable, Sequence {
    /// The most scalars a glyph holds: one spacing scalar and four marks.
    public static let capacity = 5

    private var first: UInt32 = 0
    private var second: UInt32 = 0
    private var third: UInt32 = 0
    private var fourth: UInt32 = 0
    private var fifth: UInt32 = 0
    // A full word, so that the value has no padding bytes (see `Cell`).
    private var storedCount: UInt32 = 0

    /// Equal when the stored scalars are (unused slots are always zero).
    public static func == (lhs: GlyphScalars, rhs: GlyphScalars) -> Bool {
        lhs.first == rhs.first && lhs.second == rhs.second && lhs.storedCount == rhs.storedCount
            && lhs.third == rhs.third && lhs.fourth == rhs.fourth && lhs.fifth == rhs.fifth
    }

    public func hash(into hasher: inout Hasher) {
        for scalar in self { hasher.combine(scalar.value) }
    }

    /// No scalars (the continuation of a wide glyph).
    public init() {}

    /// One scalar.
    public init(_ scalar: Unicode.Scalar) {
        first = scalar.value
        storedCount = 1
    }

    /// How many scalars are stored.
    public var count: Int { Int(storedCount) }

    /// Appends `scalar`; returns false, changing nothing, when already full.
    @discardableResult
    mutating func append(_ scalar: Unicode.Scalar) -> Bool {
        switch storedCount {
        case 0: first = scalar.value
        case 1: second = scalar.value
        case 2: third = scalar.value
        case 3: fourth = scalar.value
        case 4: fifth = scalar.value
        default: return false
        }
        storedCount += 1
        return true
    }

    /// The scalars as a string.
    public var string: String {
        var view = String.UnicodeScalarView()
        for scalar in self { view.append(scalar) }
        return String(view)
    }

    public func makeIterator() -> Iterator { Iterator(scalars: self) }

    /// Yields the stored scalars in order.
    public struct Iterator: IteratorProtocol {
        let scalars: GlyphScalars
        var position = 0

        public mutating func next() -> Unicode.Scalar? {
            guard position < scalars.count else { return nil }
            defer { position += 1 }
            let value: UInt32
            switch position {
            case 0: value = scalars.first
            case 1: value = scalars.second
            case 2: value = scalars.third
            case 3: value = scalars.fourth
            default: value = scalars.fifth
            }
            return Unicode.Scalar(value)
        }
    }
}
