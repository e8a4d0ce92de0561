import Foundation
import TerminalUI

/// The pulses pane: the hit ratio per second over the last minute, and per source a sparkline of
/// its answers per second and its latency histogram. Holds exactly what it draws (the lines built
/// from a `CachePulses` at one time).
struct CachePulsesPane: Widget, Equatable, Sendable {
    let lines: [Line]

    /// The pane of `pulses` at `now`.
    init(_ pulses: CachePulses, at now: Date) {
        let minute = CachePulses.seconds
        let hitRatio = Sparkline.of(ratios: pulses.hitRatio(at: now), width: minute)
        let ratio = pulses.minuteHitRatio(at: now).map { "\(DecimalText.whole($0 * 100))%" } ?? "—"
        var lines = [
            Line([
                Span(TextFitting.fit("hit ratio", width: 12), style: .plain.bolded()),
                Span(TextFitting.fit(hitRatio, width: minute), style: .plain.foreground(.green)),
                Span(" \(ratio)"),
            ])
        ]
        for source in pulses.sources {
            let counts = pulses.perSecond(source, at: now)
            let buckets = pulses.latencies[source] ?? []
            let histogram = Sparkline.of(buckets, width: CachePulses.latencyBounds.count + 1)
            let total = TextFitting.fit(String(counts.reduce(0, +)), width: 5, alignment: .trailing)
            lines.append(
                Line([
                    Span(TextFitting.fit(source.description, width: 12), style: .plain.bolded()),
                    Span(
                        TextFitting.fit(Sparkline.of(counts, width: minute), width: minute),
                        style: .plain.foreground(.cyan)),
                    Span(" \(total)/min  "),
                    Span(histogram, style: .plain.foreground(.magenta)),
                ]))
        }
        if pulses.sources.isEmpty { lines.append(Line("no answers this minute", style: .plain.dimmed())) }
        let bounds = "<1 <4 <16 <64 <256 <1s ≥1s ms"
        lines.append(Line("latency histogram buckets: \(bounds)", style: .plain.dimmed()))
        self.lines = lines
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: "Pulses · last minute").render(in: area, buffer: &buffer)
        let inside = BorderBox.interior(of: area).inset(left: 1, right: 1)
        guard !inside.isEmpty else { return }
        for (index, line) in lines.prefix(inside.height).enumerated() {
            buffer.write(line, x: inside.x, y: inside.y + index, maxWidth: inside.width)
        }
    }
}
