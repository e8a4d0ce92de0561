import TerminalUI

/// The avatar beside (or above) the open character's fields: half-block art with a caption
/// saying where it came from, a progress bar while it downloads, or a one-line reason.
struct AvatarPane: Widget {
    let avatar: AvatarState
    let mode: ColorMode

    func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        switch avatar {
        case .loading(let received, let expected):
            buffer.write(
                Self.progressLine(received: received, expected: expected, width: area.width), x: area.x,
                y: area.y)
        case .shown(let picture, let origin, let bytes, let milliseconds):
            let art = Rect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - 1))
            HalfBlockArt(picture: picture, mode: mode).render(in: art, buffer: &buffer)
            let artRows = HalfBlockArt.fittedSize(
                imageWidth: picture.image.width, imageHeight: picture.image.height, width: area.width,
                height: .max / 4
            ).rows
            buffer.write(
                Self.caption(origin: origin, bytes: bytes, milliseconds: milliseconds), x: area.x,
                y: area.y + min(area.height - 1, artRows), maxWidth: area.width)
        case .failed(let reason):
            buffer.write(reason, x: area.x, y: area.y, maxWidth: area.width, style: Style(foreground: .red))
        }
    }

    /// `file cache · 8.7 KB · 0.4 ms`, dimmed: in spans, so only the separators are split into glyphs.
    static func caption(origin: AvatarOrigin, bytes: Int, milliseconds: Double) -> Line {
        let parts = [origin.rawValue, " · ", size(bytes), " · ", StatusPaneContent.latency(milliseconds)]
        return Line(parts.map { Span($0, style: .plain.dimmed()) })
    }

    /// `[████░░░░] 45% 3.6 of 8.1 KB`, or `Downloading… 3.6 KB` when the length is unknown, fitted
    /// to `width`.
    static func progressLine(received: Int64, expected: Int64?, width: Int) -> Line {
        guard let expected, expected > 0 else {
            return Line([Span("Downloading… \(size(Int(received)))", style: Style(foreground: .yellow))])
        }
        let percent = Int(min(100, received * 100 / expected))
        let label = " \(percent)% \(size(Int(received))) of \(size(Int(expected)))"
        let barWidth = max(4, min(30, width - label.count - 2))
        let filled = barWidth * percent / 100
        return Line([
            Span("[", style: .plain.dimmed()),
            Span(String(repeating: "█", count: filled), style: Style(foreground: .green)),
            Span(String(repeating: "░", count: barWidth - filled), style: .plain.dimmed()),
            Span("]", style: .plain.dimmed()),
            Span(label),
        ])
    }

    /// `812 B`, `8.1 KB`, `1.2 MB`.
    static func size(_ bytes: Int) -> String { ByteText.short(bytes, tenthsBelow: .infinity) }
}
