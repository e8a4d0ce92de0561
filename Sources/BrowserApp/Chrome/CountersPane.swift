import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The counters box: per data source, the answers the browser applied and the repository's own hit
/// and miss counts, then failures and stale answers; when the box is wide enough, the answers per
/// entity kind too. Holds exactly what it draws, so equal panes draw equal cells.
struct CountersPane: Widget, Equatable, Sendable {
    /// Lines of the box (the header, one per origin, failed, stale).
    static let lineCount = 9

    /// The answers the browser applied.
    let tally: AnswerTally
    /// The repository's own hit and miss counts.
    let metrics: MetricsSnapshot

    init(state: BrowserState) {
        tally = state.tally
        metrics = state.metrics
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox.render(titled: "Answers by source", in: area, buffer: &buffer, rightMargin: 0) { inside in
            // From this width, three more columns: the answers per kind (35 columns, 3 × 6, a gap).
            lines(withKinds: inside.width >= 35 + 3 * 6 + 2)
        }
    }

    /// The counter lines; `withKinds`, three more columns: answers about characters, episodes and
    /// locations per origin (in the origin rows), failures per kind (in the `failed` row).
    private func lines(withKinds: Bool) -> [Line] {
        let header = Style(bold: true, dim: true)
        func row(_ spans: [Span], kinds cells: [Span] = []) -> Line {
            let line = Line(spans)
            guard withKinds, !cells.isEmpty else { return line }
            return Line(spans + [Span(String(repeating: " ", count: max(0, 35 - line.width)))] + cells)
        }
        func perKind(_ origin: Origin?) -> [Span] {
            [EntityKind.character, .episode, .location].map { kind in
                Self.number(String(tally.count(kind, origin)), 6)
            }
        }
        var lines = [
            row(
                [
                    Self.label("source", header), Self.number("answers", 8, header),
                    Self.number("hits", 7, header), Self.number("misses", 8, header),
                ], kinds: ["char", "epis", "locs"].map { Self.number($0, 6, header) })
        ]
        for origin in Origin.allCases {
            let metrics = metrics[origin]
            let showsTierCounts = [.memory, .disk, .sharedCache, .network].contains(origin)
            lines.append(
                row(
                    [
                        Self.label(origin.rawValue),
                        Self.number(String(tally.count(origin)), 8, Style(bold: true)),
                        Self.number(showsTierCounts ? String(metrics.hits) : "", 7),
                        Self.number(showsTierCounts ? String(metrics.misses) : "", 8),
                    ], kinds: perKind(origin)))
        }
        let failures = Self.number(String(tally.failures), 8, Self.failuresStyle(tally))
        // `failed` is counted by kind without an origin.
        lines.append(row([Self.label("failed"), failures], kinds: perKind(nil)))
        lines.append(row([Self.label("stale"), Self.number(String(tally.stale), 8, Style(bold: true))]))
        return lines
    }

    /// `text` in the first column (12 wide).
    private static func label(_ text: String, _ style: Style = .plain) -> Span {
        Span(TextFitting.fit(text, width: 12), style: style)
    }

    /// `text` right-aligned in `width` columns.
    private static func number(_ text: String, _ width: Int, _ style: Style = .plain) -> Span {
        Span(TextFitting.fit(text, width: width, alignment: .trailing), style: style)
    }

    /// The failures' count, red when there are any.
    private static func failuresStyle(_ tally: AnswerTally) -> Style {
        tally.failures > 0 ? Style(foreground: .red, bold: true) : Style(bold: true)
    }

    /// The compact form for the narrow layout: `memory 3 · disk 0 · … · failed 1`.
    static func compactSpans(tally: AnswerTally) -> [Span] {
        var spans: [Span] = []
        for origin in Origin.allCases {
            let count = Span(String(tally.count(origin)), style: Style(bold: true))
            spans += [Span("\(origin.rawValue) "), count, Span(" · ", style: .plain.dimmed())]
        }
        return spans + [Span("failed "), Span(String(tally.failures), style: failuresStyle(tally))]
    }
}
