import CharacterData
import EntityWrites
import Foundation
import PostgresCache
import RepositoryCore
import TerminalUI

/// The status box: the latest answer or write item by item, what is loading, the network, the
/// writes kept and the API. Wide: one row per item; narrow: four compact lines. Holds exactly what
/// it draws, so equal panes draw equal cells.
struct StatusPaneContent: Widget, Equatable, Sendable {
    /// Rows of the wide form (the box is two taller).
    static let wideRowCount = 11

    let latest: AnswerEvent?
    /// The latest write's outcome, when it came after the latest answer.
    let latestWrite: WriteLogLine?
    /// What is loading, with the spinner's glyph, or `idle`.
    let loadingText: String
    let isBusy: Bool
    let isOnline: Bool
    /// The shared cache tier's state, when the tier is on.
    let sharedCache: SharedCacheHealth?
    /// Whether the disk cache's writes fail now.
    let diskWritesFail: Bool
    let apiDescription: String
    /// The answers so far (the narrow form shows them).
    let tally: AnswerTally
    let isWide: Bool
    /// The writes the outbox keeps, per state.
    let keptWrites: WriteCounts

    init(state: BrowserState, isWide: Bool) {
        keptWrites = state.keptWrites
        latest = state.latest
        latestWrite = state.latestWrite
        let summary = Self.loadingSummary(state)
        loadingText = summary.map { "\(Spinner.braille.glyph(tick: state.tick)) \($0)" } ?? "idle"
        isBusy = summary != nil
        isOnline = state.isOnline
        sharedCache = state.sharedCache
        diskWritesFail = state.diskWritesFail
        apiDescription = state.apiDescription
        tally = state.tally
        self.isWide = isWide
    }

    /// What is loading, in words (`loading page 2, character`, `refreshing pages 1, 2`), or nil
    /// when idle: the reads each screen names, bottom first, then a cache clearing.
    static func loadingSummary(_ state: BrowserState) -> String? {
        let activities = state.screens.map(\.activity)
        let parts = activities.flatMap(\.shownReads) + (state.isClearing ? ["clearing cache"] : [])
        guard !parts.isEmpty else { return nil }
        let verb = activities.contains { $0.shownRefreshing } ? "refreshing " : "loading "
        return verb + parts.joined(separator: ", ")
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox.render(titled: "Status", in: area, buffer: &buffer, rightMargin: 0) { inside in
            isWide ? wideLines(width: inside.width) : compactLines(count: inside.height)
        }
    }

    /// What the latest write says when it came last, else the latest answer (`—` without one), in
    /// the wide form's first rows (asked, source, policy, latency, age), and its error.
    private var latestItems: (items: [(String, Style)], error: String?) {
        if let write = latestWrite {
            let asked = "\(write.method == "DELETE" ? "delete" : "save") character \(write.character)"
            let items: [(String, Style)] = [
                (asked, Style(bold: true)),
                Self.writeSource(write),
                ("mainSync / \(write.method)", .plain), (Self.latency(write.ms), .plain), ("—", .plain),
            ]
            return (items, write.error)
        }
        let items: [(String, Style)] = [
            (latest?.query ?? "—", Style(bold: true)),
            (latest.map(Self.sourceAndParts) ?? "—", latest.map(Self.sourceStyle) ?? .plain),
            (latest.map { "\($0.policy) / \($0.operation)" } ?? "—", .plain),
            (latest.map(Self.latencyAndBytes) ?? "—", .plain),
            (latest.map(Self.ageAndFreshness) ?? "—", .plain),
        ]
        return (items, latest?.error)
    }

    /// One labelled row per item; the error may take a second row.
    private func wideLines(width: Int) -> [Line] {
        let (items, error) = latestItems
        let errorStyle = error == nil ? Style.plain.dimmed() : Self.errorStyle
        let errorLines = TextWrapper.wrap(error ?? "none", width: max(1, width - 9))
        let rows = zip(["asked", "source", "policy", "latency", "age"], items).map { ($0, $1.0, $1.1) } + [
            ("error", errorLines.first ?? "", errorStyle),
            ("", errorLines.dropFirst().joined(separator: " "), errorStyle),
            ("loading", loadingText, loadingStyle),
            ("network", networkText, networkStyle),
            ("writes", keptWrites.description, writesStyle),
            ("API", apiDescription, .plain),
        ]
        return rows.map { label, value, style in
            Line([
                Span(TextFitting.fit(label.isEmpty ? "" : label + ":", width: 9), style: .plain.dimmed()),
                Span(value, style: style),
            ])
        }
    }

    /// How a write went, as a read's source says where it came from, and its colour: `applied by
    /// the network` magenta, `kept pending` cyan, `conflict`, `rejected`, `not sent`, `discarded` red.
    static func writeSource(_ write: WriteLogLine) -> (String, Style) {
        switch write.write {
        case "applied", "merged":
            ("\(write.write) by the network in \(latency(write.ms))", Style(foreground: .magenta, bold: true))
        case "pending": ("kept pending (disk)", Style(foreground: .cyan, bold: true))
        default: (write.write, Style(foreground: .red, bold: true))
        }
    }

    /// The latest answer, its error, the counters, the network; with room for two lines, the
    /// latest answer and the error if there is one, else the network.
    private func compactLines(count: Int) -> [Line] {
        let separator = Span(" · ", style: .plain.dimmed())
        // A write says what was asked and how it went; an answer all five items.
        let items = latestItems.items.prefix(latestWrite != nil ? 2 : latest != nil ? 5 : 0)
        let first =
            items.isEmpty
            ? [Span("no answer yet", style: .plain.dimmed())]
            : Array(items.map { [Span($0.0, style: $0.1)] }.joined(separator: [separator]))
        let error = Line([
            Span("error ", style: .plain.dimmed()),
            Span(latest?.error ?? "none", style: latest?.error == nil ? .plain.dimmed() : Self.errorStyle),
        ])
        let third = [Span("answers ", style: .plain.dimmed())] + CountersPane.compactSpans(tally: tally)
        let writes = [Span("writes \(keptWrites.description)", style: writesStyle), separator]
        let fourth = Line(
            [Span(networkText, style: networkStyle), separator, Span(apiDescription), separator]
                + (keptWrites.isEmpty ? [] : writes) + [Span(loadingText, style: loadingStyle)])
        guard count < 4 else { return [Line(first), error, Line(third), fourth] }
        return [Line(first), latest?.error == nil ? fourth : error]
    }

    private var loadingStyle: Style { isBusy ? Style(foreground: .yellow) : .plain.dimmed() }

    /// Writes in conflict or rejected want the user: yellow; pending ones: plain; none: dimmed.
    private var writesStyle: Style {
        if keptWrites.conflict + keptWrites.rejected > 0 { return Style(foreground: .yellow, bold: true) }
        return keptWrites.isEmpty ? .plain.dimmed() : .plain
    }

    /// `online`, `online · shared cache up` when the shared tier is on, and `· disk not written`
    /// while the disk cache's writes fail.
    private var networkText: String {
        let network = isOnline ? "online" : "OFFLINE"
        let shared = sharedCache.map { " · shared cache \($0)" } ?? ""
        return network + shared + (diskWritesFail ? " · disk not written" : "")
    }

    /// Green online (yellow while the shared tier is down or the disk is not written), reversed
    /// red offline.
    private var networkStyle: Style {
        guard isOnline else { return Style(foreground: .red, bold: true, reverse: true) }
        let degraded = sharedCache?.isDown == true || diskWritesFail
        return degraded ? Style(foreground: .yellow) : Style(foreground: .green)
    }

    private static let errorStyle = Style(foreground: .red)

    /// The source in words: `memory`, …, or `failed`.
    static func source(_ event: AnswerEvent) -> String { event.origin?.description ?? "failed" }

    /// The source with a composed answer's parts: `network (7 memory · 12 network)`.
    static func sourceAndParts(_ event: AnswerEvent) -> String {
        guard let provenance = event.provenance else { return source(event) }
        return "\(source(event)) (\(provenance))"
    }

    static func sourceStyle(_ event: AnswerEvent) -> Style {
        switch event.origin {
        case nil: Style(foreground: .red, bold: true)
        case .repository(.memory): Style(foreground: .green, bold: true)
        case .repository(.disk): Style(foreground: .cyan, bold: true)
        default: Style(foreground: .magenta, bold: true)
        }
    }

    /// `12 ms`, or `12 ms · 8.1 KB` for a download.
    static func latencyAndBytes(_ event: AnswerEvent) -> String {
        guard let bytes = event.bytes else { return latency(event.ms) }
        return "\(latency(event.ms)) · \(AvatarPane.size(bytes))"
    }

    /// `0.4 ms`, `12 ms`.
    static func latency(_ milliseconds: Double) -> String {
        milliseconds < 10 ? "\(DecimalText.tenths(milliseconds)) ms" : "\(DecimalText.whole(milliseconds)) ms"
    }

    /// `3 s · fresh`, `2 h · stale`, `2 min · stale · revalidating` (shown while it is read again
    /// in the background), `0 s · fresh · background` (what that read answered), or `—` for a failure.
    static func ageAndFreshness(_ event: AnswerEvent) -> String {
        guard let age = event.ageSeconds else { return event.background ? "— · background" : "—" }
        let freshness = event.stale ? "stale" : "fresh"
        let suffix = event.revalidating ? " · revalidating" : event.background ? " · background" : ""
        return "\(Self.age(age)) · \(freshness)\(suffix)"
    }

    /// `42 s`, `5 min`, `3 h`, `2 d`.
    static func age(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds).rounded(.down))
        if whole < 60 { return "\(whole) s" }
        if whole < 3_600 { return "\(whole / 60) min" }
        if whole < 86_400 { return "\(whole / 3_600) h" }
        return "\(whole / 86_400) d"
    }
}
