/// The most a decoder accepts, checked before any pixel is decoded. A plain value.
public struct JPEGLimits: Sendable, Hashable {
    /// The largest input, in bytes.
    public var maximumBytes: Int
    /// The most pixels (width × height) the header may declare.
    public var maximumPixels: Int

    /// Limits; by default 4 MiB and 16 megapixels.
    public init(maximumBytes: Int = 4 << 20, maximumPixels: Int = 4096 * 4096) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
    }
}
