/// Something that draws itself into a rectangle of a cell buffer. Widgets are plain values,
/// built afresh for each frame from the app's state; rendering never draws outside `area`.
public protocol Widget {
    /// Draws into `area` of `buffer` (clipped to the buffer).
    func render(in area: Rect, buffer: inout CellBuffer)
}
