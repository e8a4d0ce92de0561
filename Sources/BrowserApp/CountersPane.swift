import RepositoryCore
import TerminalUI

/// The counters box: per data source, the answers the browser applied and the repository's
/// own hit and miss counts, then failures and stale answers.
struct CountersPane: Widget {
    /// Lines of the box (the header, one per origin, failed, stale).
    static let lineCount = 8

    let state: BrowserState

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: "Answers by source").render(in: area, buffer: &buffer)
        let inside = BorderBox.interior(of: area).inset(left: 1)
        for (index, line) in lines.prefix(inside.height).enumerated() {
            buffer.write(line, x: inside.x, y: inside.y + index, maxWidth: inside.width)
        }
    }

    private var lines: [Line] {
        let header = Style(bold: true, dim: true)
        var lines = [
            Line([
                Span(TextFitting.fit("source", width: 12), style: header),
                Span(TextFitting.fit("answers", width: 8, alignment: .trailing), style: header),
                Span(TextFitting.fit("hits", width: 7, alignment: .trailing), style: header),
                Span(TextFitting.fit("misses", width: 8, alignment: .trailing), style: header),
            ])
        ]
        for origin in Origin.allCases {
            let metrics = state.metrics[origin]
            let showsTierCounts = origin == .memory || origin == .disk || origin == .network
            lines.append(
                Line([
                    Span(TextFitting.fit(origin.rawValue, width: 12)),
                    Span(
                        TextFitting.fit(String(state.tally.count(origin)), width: 8, alignment: .trailing),
                        style: Style(bold: true)),
                    Span(
                        TextFitting.fit(
                            showsTierCounts ? String(metrics.hits) : "", width: 7, alignment: .trailing)),
                    Span(
                        TextFitting.fit(
                            showsTierCounts ? String(metrics.misses) : "", width: 8, alignment: .trailing)),
                ]))
        }
        lines.append(
            Line([
                Span(TextFitting.fit("failed", width: 12)),
                Span(
                    TextFitting.fit(String(state.tally.failures), width: 8, alignment: .trailing),
                    style: state.tally.failures > 0 ? Style(foreground: .red, bold: true) : Style(bold: true)),
            ]))
        lines.append(
            Line([
                Span(TextFitting.fit("stale", width: 12)),
                Span(
                    TextFitting.fit(String(state.tally.stale), width: 8, alignment: .trailing),
                    style: Style(bold: true)),
            ]))
        return lines
    }

    /// The compact form for the narrow layout: `memory 3 · disk 0 · … · failed 1`.
    static func compactSpans(state: BrowserState) -> [Span] {
        var spans: [Span] = []
        for origin in Origin.allCases {
            if !spans.isEmpty { spans.append(Span(" · ", style: .plain.dimmed())) }
            spans.append(Span("\(origin.rawValue) "))
            spans.append(Span(String(state.tally.count(origin)), style: Style(bold: true)))
        }
        spans.append(Span(" · ", style: .plain.dimmed()))
        spans.append(Span("failed "))
        spans.append(
            Span(
                String(state.tally.failures),
                style: state.tally.failures > 0 ? Style(foreground: .red, bold: true) : Style(bold: true)))
        return spans
    }
}
