/// An RGB image for drawing in cells: `width` × `height` pixels, three bytes each, row by row.
/// A plain value; its functions are pure.
public struct PixelImage: Sendable, Hashable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// `width * height * 3` bytes: red, green, blue.
    public let rgb: [UInt8]

    /// An image from `rgb`; nil when the sizes are not positive or the byte count does not match.
    public init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0, rgb.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The colour of pixel (x, y), which must be inside the image.
    public func pixel(x: Int, y: Int) -> RGB {
        let offset = (y * width + x) * 3
        return RGB(rgb[offset], rgb[offset + 1], rgb[offset + 2])
    }

    /// The image resampled to `newWidth` × `newHeight` by averaging the source pixels each target
    /// pixel covers (a box filter: no aliasing when shrinking).
    public func resized(width newWidth: Int, height newHeight: Int) -> PixelImage {
        let targetWidth = max(1, newWidth)
        let targetHeight = max(1, newHeight)
        if targetWidth == width && targetHeight == height { return self }
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
        rgb.withUnsafeBufferPointer { source in
            for ty in 0..<targetHeight {
                let y0 = ty * height / targetHeight
                let y1 = max(y0 + 1, (ty + 1) * height / targetHeight)
                for tx in 0..<targetWidth {
                    let x0 = tx * width / targetWidth
                    let x1 = max(x0 + 1, (tx + 1) * width / targetWidth)
                    var sum = (0, 0, 0)
                    for y in y0..<y1 {
                        var offset = (y * width + x0) * 3
                        for _ in x0..<x1 {
                            sum.0 += Int(source[offset])
                            sum.1 += Int(source[offset + 1])
                            sum.2 += Int(source[offset + 2])
                            offset += 3
                        }
                    }
                    let count = (y1 - y0) * (x1 - x0)
                    let target = (ty * targetWidth + tx) * 3
                    output[target] = UInt8(sum.0 / count)
                    output[target + 1] = UInt8(sum.1 / count)
                    output[target + 2] = UInt8(sum.2 / count)
                }
            }
        }
        return PixelImage(uncheckedWidth: targetWidth, height: targetHeight, rgb: output)
    }

    private init(uncheckedWidth width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }
}

/// One 24-bit colour. A plain value.
public struct RGB: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    /// A colour from its three channels.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Perceived brightness, 0…255 (Rec. 601 weights).
    public var luminance: Int { (299 * Int(red) + 587 * Int(green) + 114 * Int(blue)) / 1000 }
}
