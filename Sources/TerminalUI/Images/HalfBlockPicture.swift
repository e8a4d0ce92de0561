import Locking

/// A `PixelImage` that keeps its last half-block drawing: drawn again at the same size and in the
/// same colour mode, it is pasted, not scaled and quantised again. Equal when the images are.
///
/// Thread-safe (`Sendable`): the image is immutable and the kept drawing sits behind a `PThreadMutex`;
/// two threads drawing at once may both draw, and the last one is kept.
public final class HalfBlockPicture: Sendable, Hashable {
    /// The picture's pixels.
    public let image: PixelImage
    private let lastDrawing = PThreadMutex<Drawing?>(nil)

    private struct Drawing {
        let mode: ColorMode
        let block: CellBlock
    }

    /// A picture of `image`, not drawn yet.
    public init(_ image: PixelImage) { self.image = image }

    /// The art of the image in `columns` × `rows` cells and `mode`: the kept drawing when it matches.
    public func block(columns: Int, rows: Int, mode: ColorMode) -> CellBlock {
        if let kept = lastDrawing.withLock({ $0 }), kept.mode == mode, kept.block.columns == columns,
            kept.block.rows == rows
        {
            return kept.block
        }
        let block = HalfBlockArt.draw(image, columns: columns, rows: rows, mode: mode)
        lastDrawing.withLock { $0 = Drawing(mode: mode, block: block) }
        return block
    }

    public static func == (lhs: HalfBlockPicture, rhs: HalfBlockPicture) -> Bool {
        lhs === rhs || lhs.image == rhs.image
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(image.width)
        hasher.combine(image.height)
    }
}
