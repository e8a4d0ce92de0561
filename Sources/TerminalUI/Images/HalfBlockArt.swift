/// Draws a `PixelImage` as Unicode half blocks: each cell is `▀` with the top pixel as foreground
/// and the bottom pixel as background, so a cell shows two pixels. The image is fitted into the
/// area with its aspect ratio kept (cells are about twice as tall as wide) and centred. In
/// `.monochrome` each cell is a character of `ramp` by the brightness of its two pixels.
/// A plain value; rendering writes the buffer and keeps the drawing in the picture (a cache).
public struct HalfBlockArt: Widget {
    /// The upper half block.
    public static let upperHalf = "\u{2580}"
    /// Characters from dark to bright, for `.monochrome`.
    public static let ramp = Array(" .:-=+*#%@")

    /// The picture (which keeps its last drawing).
    public var picture: HalfBlockPicture
    /// How colours are drawn.
    public var mode: ColorMode

    /// The picture's pixels.
    public var image: PixelImage { picture.image }

    /// Art of `image` in `mode` (drawn afresh each time it is rendered).
    public init(image: PixelImage, mode: ColorMode) {
        self.init(picture: HalfBlockPicture(image), mode: mode)
    }

    /// Art of `picture` in `mode`: rendered again at the same size, its drawing is reused.
    public init(picture: HalfBlockPicture, mode: ColorMode) {
        self.picture = picture
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
        buffer.paste(picture.block(columns: columns, rows: rows, mode: mode), x: target.x, y: target.y)
    }

    /// `image` scaled to `columns` × 2·`rows` pixels and drawn as `columns` × `rows` cells in `mode`.
    static func draw(_ image: PixelImage, columns: Int, rows: Int, mode: ColorMode) -> CellBlock {
        let scaled = image.resized(width: columns, height: rows * 2)
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let (glyph, style) = cell(
                    top: scaled.pixel(x: column, y: row * 2), bottom: scaled.pixel(x: column, y: row * 2 + 1),
                    mode: mode)
                cells.append(Cell(glyph, style: style))
            }
        }
        return CellBlock(checkedColumns: columns, rows: rows, cells: cells)
    }

    /// The glyph and style of one cell showing `top` over `bottom`.
    static func cell(top: RGB, bottom: RGB, mode: ColorMode) -> (Glyph, Style) {
        guard let foreground = mode.terminalColor(for: top), let background = mode.terminalColor(for: bottom)
        else {
            let brightness = (top.luminance + bottom.luminance) / 2
            let character = ramp[min(ramp.count - 1, brightness * ramp.count / 256)]
            return (Glyph(String(character)) ?? .space, .plain)
        }
        return (upperGlyph, Style(foreground: foreground, background: background))
    }

    private static let upperGlyph = Glyph(upperHalf) ?? .replacement
}
