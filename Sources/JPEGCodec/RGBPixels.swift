/// An image as 8-bit RGB triples, row by row from the top-left. A plain value; thread-safe.
public struct RGBPixels: Sendable, Hashable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// `width * height * 3` bytes: red, green, blue for each pixel.
    public let bytes: [UInt8]

    /// An image of `width` × `height` pixels from `bytes`; nil when the byte count does not match.
    public init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width > 0, height > 0, bytes.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}
