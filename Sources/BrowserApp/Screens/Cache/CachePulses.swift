import Foundation

/// The answers of the last minute, per second and per source, for the Cache screen's pulses:
/// answers per second per source, the hit ratio per second, and a latency histogram per source.
///
/// A plain value; `update` owns it and feeds it each applied answer with the time it was applied
/// (the clock is the caller's). Bounded: 60 one-second buckets per source (older ones are let go
/// as time moves) and a fixed set of latency buckets per source, counted over the session.
package struct CachePulses: Sendable, Equatable {
    /// Seconds of history kept.
    static let seconds = 60
    /// The upper bounds (ms, exclusive) of the latency buckets; the last bucket has none.
    static let latencyBounds: [Double] = [1, 4, 16, 64, 256, 1_000]

    /// Answers per source per second, by second number.
    private var counts: [PulseSource: [Int: Int]] = [:]
    /// Hits (answered by a cache tier without asking the server) and all answers per second.
    private var hits: [Int: Int] = [:]
    private var answers: [Int: Int] = [:]
    /// Latency buckets per source.
    private(set) var latencies: [PulseSource: [Int]] = [:]
    private var newestSecond = Int.min

    /// The sources seen, in `PulseSource`'s order.
    var sources: [PulseSource] { Set(counts.keys).union(latencies.keys).sorted() }

    /// Counts `event`, applied at `time`.
    mutating func record(_ event: AnswerEvent, at time: Date) {
        let second = Self.second(of: time)
        let source = PulseSource(event.origin)
        counts[source, default: [:]][second, default: 0] += 1
        answers[second, default: 0] += 1
        if source.isHit { hits[second, default: 0] += 1 }
        var buckets = latencies[source] ?? Array(repeating: 0, count: Self.latencyBounds.count + 1)
        buckets[Self.latencyBounds.firstIndex { event.ms < $0 } ?? Self.latencyBounds.count] += 1
        latencies[source] = buckets
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

    /// The share of answers that were hits in each of the last 60 seconds, nil for a second
    /// without answers.
    func hitRatio(at now: Date) -> [Double?] {
        Self.minute(endingAt: now).map { second in
            guard let all = answers[second], all > 0 else { return nil }
            return Double(hits[second, default: 0]) / Double(all)
        }
    }

    /// The hit ratio over the whole last minute, nil without answers.
    func minuteHitRatio(at now: Date) -> Double? {
        let range = Self.minute(endingAt: now)
        let all = answers.filter { range.contains($0.key) }.values.reduce(0, +)
        guard all > 0 else { return nil }
        return Double(hits.filter { range.contains($0.key) }.values.reduce(0, +)) / Double(all)
    }

    /// The numbers of the last 60 seconds ending at `now`.
    private static func minute(endingAt now: Date) -> ClosedRange<Int> {
        let last = second(of: now)
        return last - seconds + 1...last
    }

    private mutating func forget(before second: Int) {
        for source in counts.keys { counts[source] = counts[source]?.filter { $0.key >= second } }
        hits = hits.filter { $0.key >= second }
        answers = answers.filter { $0.key >= second }
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

    /// Ratios 0…1 (nil → space) as blocks, 1 → `█`.
    static func of(ratios: [Double?], width: Int) -> String {
        String(
            ratios.suffix(max(0, width)).map { ratio in
                guard let ratio else { return " " }
                let clamped = min(1, max(0, ratio))
                return blocks[min(blocks.count - 1, Int(clamped * Double(blocks.count - 1) + 0.5))]
            })
    }
}
