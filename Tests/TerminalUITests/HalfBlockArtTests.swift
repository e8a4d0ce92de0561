import Testing

import TerminalUI

@Suite("Half-block art: scaling, colour quantisation, fitting, the NO_COLOR ramp")
struct HalfBlockArtTests {
    /// A `width` × `height` image: red in the top half, blue in the bottom half.
    static func topRedBottomBlue(width: Int, height: Int) throws -> PixelImage {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for _ in 0..<width { bytes += y < height / 2 ? [255, 0, 0] : [0, 0, 255] }
        }
        return try #require(PixelImage(width: width, height: height, rgb: bytes))
    }

    @Test("Shrinking averages the pixels each target pixel covers")
    func boxFilter() throws {
        let image = try #require(PixelImage(width: 2, height: 1, rgb: [0, 0, 0, 200, 100, 50]))
        let one = image.resized(width: 1, height: 1)
        #expect(one.pixel(x: 0, y: 0) == RGB(100, 50, 25))
        #expect(PixelImage(width: 2, height: 1, rgb: [1, 2]) == nil)
    }

    @Test("The 256-colour lookup picks the cube for colours and the grey ramp for greys")
    func palette() {
        #expect(Palette256.nearestIndex(to: RGB(255, 0, 0)) == 196)
        #expect(Palette256.nearestIndex(to: RGB(0, 0, 0)) == 16)
        #expect(Palette256.nearestIndex(to: RGB(128, 128, 128)) == 244)  // grey 128 beats cube 135
        #expect(Palette256.colour(of: 196) == RGB(255, 0, 0))
        #expect(Palette256.colour(of: 244) == RGB(128, 128, 128))
    }

    @Test("The environment decides the mode: NO_COLOR, then COLORTERM")
    func modeDetection() {
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor"]) == .truecolor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"]) == .truecolor)
        #expect(ColorMode.detect(environment: [:]) == .palette256)
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .monochrome)
        #expect(ColorMode.detect(environment: ["NO_COLOR": ""]) == .palette256)
    }

    @Test("A square image fills a width of W cells with W/2 rows, centred, aspect kept")
    func fitting() {
        #expect(HalfBlockArt.fittedSize(imageWidth: 300, imageHeight: 300, width: 40, height: 30) == (40, 20))
        #expect(HalfBlockArt.fittedSize(imageWidth: 300, imageHeight: 300, width: 40, height: 10) == (20, 10))
        #expect(HalfBlockArt.fittedSize(imageWidth: 300, imageHeight: 300, width: 0, height: 10) == (0, 0))
    }

    @Test("Each cell is ▀ with the top pixel in front and the bottom pixel behind")
    func halfBlocks() throws {
        let image = try Self.topRedBottomBlue(width: 4, height: 4)
        var buffer = CellBuffer(size: TerminalSize(width: 4, height: 2))
        HalfBlockArt(image: image, mode: .truecolor).render(in: buffer.area, buffer: &buffer)
        let top = try #require(buffer[0, 0])
        #expect(top.text == "▀")
        #expect(top.style.foreground == .rgb(255, 0, 0) && top.style.background == .rgb(255, 0, 0))
        let bottom = try #require(buffer[3, 1])
        #expect(bottom.style.foreground == .rgb(0, 0, 255) && bottom.style.background == .rgb(0, 0, 255))
        var palette = CellBuffer(size: TerminalSize(width: 4, height: 2))
        HalfBlockArt(image: image, mode: .palette256).render(in: palette.area, buffer: &palette)
        #expect(palette[0, 0]?.style.foreground == .palette(196))
        #expect(palette[0, 1]?.style.background == .palette(21))
    }

    @Test("Without colour, brightness becomes a ramp of characters with no colour at all")
    func monochromeRamp() throws {
        let image = try #require(
            PixelImage(width: 2, height: 2, rgb: [0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255]))
        var buffer = CellBuffer(size: TerminalSize(width: 2, height: 1))
        HalfBlockArt(image: image, mode: .monochrome).render(in: buffer.area, buffer: &buffer)
        #expect(buffer[0, 0]?.text == " ")
        #expect(buffer[1, 0]?.text == "@")
        #expect(buffer[1, 0]?.style == .plain)
    }

    @Test(
        "A picture keeps its drawing: drawn again alike it is the same block; another size or mode is drawn anew"
    )
    func pictureKeepsItsDrawing() throws {
        let picture = HalfBlockPicture(try Self.topRedBottomBlue(width: 4, height: 4))
        let first = picture.block(columns: 4, rows: 2, mode: .truecolor)
        #expect(picture.block(columns: 4, rows: 2, mode: .truecolor) == first)
        #expect(
            picture.block(columns: 4, rows: 2, mode: .palette256).cells[0].style.foreground == .palette(196))
        #expect(picture.block(columns: 2, rows: 1, mode: .truecolor).cells.count == 2)
        // Rendering through the picture draws exactly what rendering the bare image draws
        var kept = CellBuffer(size: TerminalSize(width: 6, height: 3))
        var fresh = kept
        HalfBlockArt(picture: picture, mode: .truecolor).render(in: kept.area, buffer: &kept)
        HalfBlockArt(picture: picture, mode: .truecolor).render(in: kept.area, buffer: &kept)
        HalfBlockArt(image: picture.image, mode: .truecolor).render(in: fresh.area, buffer: &fresh)
        #expect(kept == fresh)
        #expect(picture == HalfBlockPicture(picture.image))
    }

    @Test("A pasted block is clipped to the buffer and blanks a wide glyph it half covers")
    func pasteClipsAndDetaches() throws {
        let x = Cell(try #require(Glyph("x")))
        let block = try #require(CellBlock(columns: 2, rows: 2, cells: [x, x, x, x]))
        var buffer = CellBuffer(size: TerminalSize(width: 4, height: 2))
        buffer.write("ab日", x: 0, y: 0)
        buffer.paste(block, x: 3, y: 1)
        buffer.paste(block, x: 1, y: -1)
        #expect(buffer.textLines == ["axx", "   x"])
        #expect(CellBlock(columns: 2, rows: 1, cells: [x]) == nil)
        #expect(CellBlock(columns: 1, rows: 1, cells: [.continuation(.plain)]) == nil)
    }
}
