import Foundation
import RepositoryCore
import TerminalUI

/// The answers of the last minute per second and source, and a latency histogram per source over
/// the session, for the Cache screen's pulses. A plain value, fed each answer with the time it was
/// applied; bounded by 60 one-second buckets per source, older ones let go as time moves.
package struct CachePulses: Sendable, Equatable {
    static let seconds = 60
    /// The upper bounds (ms, exclusive) of the latency buckets; the last bucket has none.
    static let latencyBounds: [Double] = [1, 4, 16, 64, 256, 1_000]

    /// Answers per source per second, by second number.
    private var counts: [PulseSource: [Int: Int]] = [:]
    private(set) var latencies: [PulseSource: [Int]] = [:]
    private var newestSecond = Int.min

    var sources: [PulseSource] { Set(counts.keys).union(latencies.keys).sorted() }

    mutating func record(_ event: AnswerEvent, at time: Date) {
        let second = Self.second(of: time)
        let source = PulseSource(event.origin)
        counts[source, default: [:]][second, default: 0] += 1
        let bucket = Self.latencyBounds.firstIndex { event.ms < $0 } ?? Self.latencyBounds.count
        latencies[source, default: Array(repeating: 0, count: Self.latencyBounds.count + 1)][bucket] += 1
        if second > newestSecond {
            newestSecond = second
            forget(before: second - Self.seconds + 1)
        }
    }

    /// Answers from `source` in each of the last 60 seconds ending at `now`, oldest first.
    func perSecond(_ source: PulseSource, at now: Date) -> [Int] {
        let counts = counts[source] ?? [:]
        return Self.minute(endingAt: now).map { counts[$0, default: 0] }
    }

    /// The share of hits in each of the last 60 seconds, nil for a second without answers.
    func hitRatio(at now: Date) -> [Double?] { Self.minute(endingAt: now).map { hitRatio(in: $0...$0) } }

    func minuteHitRatio(at now: Date) -> Double? { hitRatio(in: Self.minute(endingAt: now)) }

    private func hitRatio(in seconds: ClosedRange<Int>) -> Double? {
        var (hits, all) = (0, 0)
        for (source, perSecond) in counts {
            let count = seconds.reduce(0) { $0 + perSecond[$1, default: 0] }
            all += count
            if source.isHit { hits += count }
        }
        return all > 0 ? Double(hits) / Double(all) : nil
    }

    private static func minute(endingAt now: Date) -> ClosedRange<Int> {
        let last = second(of: now)
        return last - seconds + 1...last
    }

    private mutating func forget(before second: Int) {
        counts = counts.mapValues { $0.filter { $0.key >= second } }
    }

    static func second(of time: Date) -> Int { Int(time.timeIntervalSinceReferenceDate.rounded(.down)) }
}

/// Numbers as a row of block characters, one per value, scaled to the largest: `▁▂▄█`. Pure.
enum Sparkline {
    /// The eight heights; a zero is a space so that quiet seconds read as quiet.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One block per value (0 → space, the largest → `█`), the last `width` values.
    static func of(_ values: [Int], width: Int) -> String {
        let shown = values.suffix(max(0, width))
        let top = shown.max() ?? 0
        guard top > 0 else { return String(repeating: " ", count: shown.count) }
        return String(
            shown.map { value in
                value <= 0 ? " " : blocks[min(blocks.count - 1, (value * blocks.count - 1) / top)]
            })
    }

    /// Ratios 0…1 (nil → space) as blocks.
    static func of(ratios: [Double?], width: Int) -> String {
        String(
            ratios.suffix(max(0, width)).map { ratio in
                guard let ratio else { return " " }
                let clamped = min(1, max(0, ratio))
                return blocks[min(blocks.count - 1, Int(clamped * Double(blocks.count - 1) + 0.5))]
            })
    }
}

/// Where an answer counted by the pulses came from, named as the status pane names the origin, in
/// the order the pulses list them. A plain value.
enum PulseSource: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case memory, disk, sharedCache = "shared cache", revalidated, coalesced, network
    case fileCache = "file cache", failed

    init(_ origin: AnswerOrigin?) {
        switch origin {
        case .repository(.memory)?: self = .memory
        case .repository(.disk)?: self = .disk
        case .repository(.sharedCache)?: self = .sharedCache
        case .repository(.revalidated)?, .avatar(.revalidated)?: self = .revalidated
        case .repository(.coalesced)?: self = .coalesced
        case .repository(.network)?, .avatar(.network)?: self = .network
        case .avatar(.fileCache)?: self = .fileCache
        case nil: self = .failed
        }
    }

    /// Whether a cache tier answered without asking the server (a revalidation or a joined read
    /// did ask it).
    var isHit: Bool { self == .memory || self == .disk || self == .sharedCache || self == .fileCache }

    var description: String { rawValue }

    static func < (lhs: PulseSource, rhs: PulseSource) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

extension CachePulses {
    /// Draws the pulses pane over `area` at `now`: the hit ratio per second, per source a sparkline
    /// of its answers per second and its latency histogram.
    func renderPane(at now: Date, in area: Rect, buffer: inout CellBuffer) {
        let minute = Self.seconds
        // A bold label, a minute's sparkline in `color`, then `rest`.
        func row(_ label: String, _ sparkline: String, _ color: TerminalColor, _ rest: [Span]) -> Line {
            Line(
                [
                    Span(TextFitting.fit(label, width: 12), style: .plain.bolded()),
                    Span(TextFitting.fit(sparkline, width: minute), style: .plain.foreground(color)),
                ] + rest)
        }
        let hitRatio = Sparkline.of(ratios: hitRatio(at: now), width: minute)
        let ratio = minuteHitRatio(at: now).map { "\(DecimalText.whole($0 * 100))%" } ?? "—"
        var lines = [row("hit ratio", hitRatio, .green, [Span(" \(ratio)")])]
        for source in sources {
            let counts = perSecond(source, at: now)
            let histogram = Sparkline.of(latencies[source] ?? [], width: Self.latencyBounds.count + 1)
            let total = TextFitting.fit(String(counts.reduce(0, +)), width: 5, alignment: .trailing)
            let perMinute = [Span(" \(total)/min  "), Span(histogram, style: .plain.foreground(.magenta))]
            lines.append(row(source.description, Sparkline.of(counts, width: minute), .cyan, perMinute))
        }
        if sources.isEmpty { lines.append(Line("no answers this minute", style: .plain.dimmed())) }
        lines.append(Line("latency histogram buckets: <1 <4 <16 <64 <256 <1s ≥1s ms", style: .plain.dimmed()))
        BorderBox.render(titled: "Pulses · last minute", in: area, buffer: &buffer) { _ in lines }
    }
}
