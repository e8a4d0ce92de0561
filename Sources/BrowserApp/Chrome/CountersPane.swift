import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The counters box: per data source, the answers the browser applied and the repository's
/// own hit and miss counts, then failures and stale answers; when the box is wide enough, the
/// answers per entity kind too (characters, episodes, locations).
/// Holds exactly what it draws, so equal panes draw equal cells.
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
        BorderBox(title: "Answers by source").render(in: area, buffer: &buffer)
        let inside = BorderBox.interior(of: area).inset(left: 1)
        let lines = inside.width >= Self.kindColumnsWidth ? lines.map(\.self).withKinds(tally) : lines
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
            let metrics = metrics[origin]
            let showsTierCounts = [.memory, .disk, .sharedCache, .network].contains(origin)
            lines.append(
                Line([
                    Span(TextFitting.fit(origin.rawValue, width: 12)),
                    Span(
                        TextFitting.fit(String(tally.count(origin)), width: 8, alignment: .trailing),
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
                    TextFitting.fit(String(tally.failures), width: 8, alignment: .trailing),
                    style: tally.failures > 0 ? Style(foreground: .red, bold: true) : Style(bold: true)),
            ]))
        lines.append(
            Line([
                Span(TextFitting.fit("stale", width: 12)),
                Span(
                    TextFitting.fit(String(tally.stale), width: 8, alignment: .trailing),
                    style: Style(bold: true)),
            ]))
        return lines
    }

    /// The interior width from which the per-kind columns are shown.
    static let kindColumnsWidth = 35 + 3 * 6 + 2

    /// The compact form for the narrow layout: `memory 3 · disk 0 · … · failed 1`.
    static func compactSpans(tally: AnswerTally) -> [Span] {
        var spans: [Span] = []
        for origin in Origin.allCases {
            if !spans.isEmpty { spans.append(Span(" · ", style: .plain.dimmed())) }
            spans.append(Span("\(origin.rawValue) "))
            spans.append(Span(String(tally.count(origin)), style: Style(bold: true)))
        }
        spans.append(Span(" · ", style: .plain.dimmed()))
        spans.append(Span("failed "))
        spans.append(
            Span(
                String(tally.failures),
                style: tally.failures > 0 ? Style(foreground: .red, bold: true) : Style(bold: true)))
        return spans
    }
}

extension [Line] {
    /// The counter lines with three more columns: answers about characters, episodes and
    /// locations per origin (in the origin rows), failures per kind (in the `failed` row).
    fileprivate func withKinds(_ tally: AnswerTally) -> [Line] {
        let kinds: [EntityKind] = [.character, .episode, .location]
        let header = Style(bold: true, dim: true)
        func cells(_ origin: Origin?) -> [Span] {
            kinds.map {
                Span(TextFitting.fit(String(tally.count($0, origin)), width: 6, alignment: .trailing))
            }
        }
        return enumerated().map { index, line in
            var spans = line.spans
            let padding = Span(String(repeating: " ", count: Swift.max(0, 35 - line.width)))
            switch index {
            case 0:
                spans +=
                    [padding]
                    + ["char", "epis", "locs"].map {
                        Span(TextFitting.fit($0, width: 6, alignment: .trailing), style: header)
                    }
            case 1...Origin.allCases.count:
                spans += [padding] + cells(Origin.allCases[index - 1])
            case Origin.allCases.count + 1:
                spans += [padding] + cells(nil)
            default:
                break
            }
            return Line(spans)
        }
    }
}
