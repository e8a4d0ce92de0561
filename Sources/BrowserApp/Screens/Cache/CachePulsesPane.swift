import Foundation
import TerminalUI

/// The pulses pane: per source a sparkline of answers per second over the last minute and its
/// latency histogram, and the hit ratio per second. Holds exactly what it draws (the texts built
/// from a `CachePulses` at one time).
struct CachePulsesPane: Widget, Equatable, Sendable {
    /// One source's line: its name, its sparkline, its answers this minute, its histogram.
    struct SourceLine: Equatable, Sendable {
        let source: String
        let sparkline: String
        let total: Int
        let histogram: String
    }

    let sources: [SourceLine]
    let hitRatio: String
    let minuteRatio: Double?

    /// The pane of `pulses` at `now`.
    init(_ pulses: CachePulses, at now: Date) {
        sources = pulses.sources.map { source in
            let counts = pulses.perSecond(source, at: now)
            return SourceLine(
                source: source.description, sparkline: Sparkline.of(counts, width: CachePulses.seconds),
                total: counts.reduce(0, +),
                histogram: Sparkline.of(
                    pulses.latencies[source] ?? [], width: CachePulses.latencyBounds.count + 1))
        }
        hitRatio = Sparkline.of(ratios: pulses.hitRatio(at: now), width: CachePulses.seconds)
        minuteRatio = pulses.minuteHitRatio(at: now)
    }

    /// The histogram's legend: the buckets' upper bounds.
    static let histogramLegend = "<1 <4 <16 <64 <256 <1s ≥1s ms"

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: "Pulses · last minute").render(in: area, buffer: &buffer)
        let inside = BorderBox.interior(of: area).inset(left: 1, right: 1)
        guard !inside.isEmpty else { return }
        let ratio = minuteRatio.map { "\(DecimalText.whole($0 * 100))%" } ?? "—"
        var lines: [Line] = [
            Line([
                Span(TextFitting.fit("hit ratio", width: 12), style: .plain.bolded()),
                Span(TextFitting.fit(hitRatio, width: CachePulses.seconds), style: .plain.foreground(.green)),
                Span(" \(ratio)"),
            ])
        ]
        for source in sources {
            lines.append(
                Line([
                    Span(TextFitting.fit(source.source, width: 12), style: .plain.bolded()),
                    Span(
                        TextFitting.fit(source.sparkline, width: CachePulses.seconds),
                        style: .plain.foreground(.cyan)),
                    Span(" \(TextFitting.fit(String(source.total), width: 5, alignment: .trailing))/min  "),
                    Span(source.histogram, style: .plain.foreground(.magenta)),
                ]))
        }
        if sources.isEmpty { lines.append(Line("no answers this minute", style: .plain.dimmed())) }
        lines.append(Line("latency histogram buckets: \(Self.histogramLegend)", style: .plain.dimmed()))
        for (index, line) in lines.prefix(inside.height).enumerated() {
            buffer.write(line, x: inside.x, y: inside.y + index, maxWidth: inside.width)
        }
    }
}
