/// Draws a `PixelImage` as Unicode half blocks: each cell is `▀` with the top pixel as foreground
/// and the bottom pixel as background, so a cell shows two pixels. The image is fitted into the
/// area with its aspect ratio kept (cells are about twice as tall as wide) and centred. In
/// `.monochrome` each cell is a character of `ramp` by the brightness of its two pixels.
/// A plain value; rendering is pure.
public struct HalfBlockArt: Widget {
    /// The upper half block.
    public static let upperHalf = "\u{2580}"
    /// Characters from dark to bright, for `.monochrome`.
    public static let ramp = Array(" .:-=+*#%@")

    /// The picture.
    public var image: PixelImage
    /// How colours are drawn.
    public var mode: ColorMode

    /// Art of `image` in `mode`.
    public init(image: PixelImage, mode: ColorMode) {
        self.image = image
        self.mode = mode
    }

    /// The cells (columns, rows) the image takes in a `width` × `height` area, aspect ratio kept.
    public static func fittedSize(imageWidth: Int, imageHeight: Int, width: Int, height: Int) -> (
        columns: Int, rows: Int
    ) {
        guard imageWidth > 0, imageHeight > 0, width > 0, height > 0 else { return (0, 0) }
        // Pixel space: width × (2 · height); a pixel is square.
        let byWidth = (columns: width, pixelRows: max(1, width * imageHeight / imageWidth))
        if (byWidth.pixelRows + 1) / 2 <= height { return (byWidth.columns, (byWidth.pixelRows + 1) / 2) }
        let pixelRows = 2 * height
        return (max(1, pixelRows * imageWidth / imageHeight), height)
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        let (columns, rows) = Self.fittedSize(
            imageWidth: image.width, imageHeight: image.height, width: area.width, height: area.height)
        guard columns > 0, rows > 0 else { return }
        let target = area.centered(width: columns, height: rows)
        let scaled = image.resized(width: columns, height: rows * 2)
        for row in 0..<rows {
            for column in 0..<columns {
                let top = scaled.pixel(x: column, y: row * 2)
                let bottom = scaled.pixel(x: column, y: row * 2 + 1)
                let (glyph, style) = cell(top: top, bottom: bottom)
                _ = buffer.put(glyph, x: target.x + column, y: target.y + row, style: style)
            }
        }
    }

    /// The glyph and style of one cell showing `top` over `bottom`.
    func cell(top: RGB, bottom: RGB) -> (Glyph, Style) {
        guard let foreground = mode.terminalColor(for: top), let background = mode.terminalColor(for: bottom)
        else {
            let brightness = (top.luminance + bottom.luminance) / 2
            let character = Self.ramp[min(Self.ramp.count - 1, brightness * Self.ramp.count / 256)]
            return (Glyph(String(character)) ?? .space, .plain)
        }
        return (Self.upperGlyph, Style(foreground: foreground, background: background))
    }

    private static let upperGlyph = Glyph(upperHalf) ?? .replacement
}
