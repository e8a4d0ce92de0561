import CharacterData
import EntityWrites
import Foundation
import PostgresCache
import RepositoryCore
import TerminalUI

/// The status box: the latest answer (what was asked, which source answered and, for a composed
/// answer, where its parts came from, policy and
/// operation, latency, age, fresh or stale, the error behind a fallback), what is loading,
/// the network state (with the shared cache tier's, when it is on) and the API. Wide: one row per item; narrow: four compact lines.
/// Holds exactly what it draws, so equal panes draw equal cells.
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
        apiDescription = state.apiDescription
        tally = state.tally
        self.isWide = isWide
    }

    /// What is loading, in words (`loading page 2, character`, `refreshing pages 1, 2`), or nil
    /// when idle: the reads each screen names, bottom first, then a cache clearing.
    static func loadingSummary(_ state: BrowserState) -> String? {
        var parts: [String] = []
        var refreshing = false
        for screen in state.screens {
            let activity = screen.activity
            parts += activity.shownReads
            refreshing = refreshing || activity.shownRefreshing
        }
        if state.isClearing { parts.append("clearing cache") }
        guard !parts.isEmpty else { return nil }
        return (refreshing ? "refreshing " : "loading ") + parts.joined(separator: ", ")
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: "Status").render(in: area, buffer: &buffer)
        let inside = BorderBox.interior(of: area).inset(left: 1)
        let lines = isWide ? wideLines(width: inside.width) : compactLines(count: inside.height)
        for (index, line) in lines.prefix(inside.height).enumerated() {
            buffer.write(line, x: inside.x, y: inside.y + index, maxWidth: inside.width)
        }
    }

    /// One labelled row per item; the error may take a second row.
    private func wideLines(width: Int) -> [Line] {
        if let write = latestWrite { return labelled(Self.writeRows(write, width: width)) }
        let errorStyle = latest?.error == nil ? Style.plain.dimmed() : Self.errorStyle
        let labelWidth = 9
        let errorLines = TextWrapper.wrap(latest?.error ?? "none", width: max(1, width - labelWidth))
        let rows: [(String, String, Style)] = [
            ("asked", latest?.query ?? "—", Style(bold: true)),
            ("source", latest.map(sourceText) ?? "—", latest.map(Self.sourceStyle) ?? .plain),
            ("policy", latest.map { "\($0.policy) / \($0.operation)" } ?? "—", .plain),
            ("latency", latest.map(Self.latencyAndBytes) ?? "—", .plain),
            ("age", latest.map(Self.ageAndFreshness) ?? "—", .plain),
            ("error", errorLines.first ?? "", errorStyle),
            ("", errorLines.dropFirst().joined(separator: " "), errorStyle),
        ]
        return labelled(rows)
    }

    /// The rows of the wide form for a write: what was saved, how it went, its error.
    private static func writeRows(_ write: WriteLogLine, width: Int) -> [(String, String, Style)] {
        let errorLines = TextWrapper.wrap(write.error ?? "none", width: max(1, width - 9))
        let errorStyle = write.error == nil ? Style.plain.dimmed() : Self.errorStyle
        return [
            ("asked", writeQuery(write), Style(bold: true)),
            ("source", writeSource(write), writeStyle(write)),
            ("policy", "mainSync / \(write.method)", .plain),
            ("latency", latency(write.ms), .plain),
            ("age", "—", .plain),
            ("error", errorLines.first ?? "", errorStyle),
            ("", errorLines.dropFirst().joined(separator: " "), errorStyle),
        ]
    }

    /// The rest of the wide rows, after what the latest answer or write fills.
    private var commonRows: [(String, String, Style)] {
        [
            ("loading", loadingText, isBusy ? Style(foreground: .yellow) : .plain.dimmed()),
            ("network", networkText, sharedCacheIsDown ? Style(foreground: .yellow) : networkStyle),
            ("writes", keptWrites.description, writesStyle),
            ("API", apiDescription, .plain),
        ]
    }

    /// `save character 1` or `delete character 1`.
    static func writeQuery(_ write: WriteLogLine) -> String {
        "\(write.method == "DELETE" ? "delete" : "save") character \(write.character)"
    }

    /// How a write went, as a read's source says where it came from: `applied by the network`,
    /// `kept pending`, `conflict`, `rejected`, `not sent`, `discarded`.
    static func writeSource(_ write: WriteLogLine) -> String {
        switch write.write {
        case "applied", "merged": "\(write.write) by the network in \(latency(write.ms))"
        case "pending": "kept pending (disk)"
        default: write.write
        }
    }

    static func writeStyle(_ write: WriteLogLine) -> Style {
        switch write.write {
        case "applied", "merged": Style(foreground: .magenta, bold: true)
        case "pending": Style(foreground: .cyan, bold: true)
        default: Style(foreground: .red, bold: true)
        }
    }

    /// `rows` (the latest answer's or write's), then the common ones, as labelled lines.
    private func labelled(_ rows: [(String, String, Style)]) -> [Line] {
        let rows = rows + commonRows
        let labelWidth = 9
        return rows.map { label, value, style in
            Line([
                Span(
                    TextFitting.fit(label.isEmpty ? "" : label + ":", width: labelWidth),
                    style: .plain.dimmed()),
                Span(value, style: style),
            ])
        }
    }

    /// The latest answer, its error, the counters, the network; with room for two lines, the
    /// latest answer and the error if there is one, else the network.
    private func compactLines(count: Int) -> [Line] {
        let separator = Span(" · ", style: .plain.dimmed())
        var first: [Span] = []
        if let write = latestWrite {
            first = [
                Span(Self.writeQuery(write), style: Style(bold: true)), separator,
                Span(Self.writeSource(write), style: Self.writeStyle(write)),
            ]
        } else if let latest {
            first = [
                Span(latest.query, style: Style(bold: true)), separator,
                Span(sourceText(latest), style: Self.sourceStyle(latest)), separator,
                Span("\(latest.policy) / \(latest.operation)"), separator, Span(Self.latencyAndBytes(latest)),
                separator,
                Span(Self.ageAndFreshness(latest)),
            ]
        } else {
            first = [Span("no answer yet", style: .plain.dimmed())]
        }
        let error: Line =
            if let message = latest?.error {
                Line([Span("error ", style: .plain.dimmed()), Span(message, style: Self.errorStyle)])
            } else {
                Line([Span("error ", style: .plain.dimmed()), Span("none", style: .plain.dimmed())])
            }
        var third = CountersPane.compactSpans(tally: tally)
        third.insert(Span("answers ", style: .plain.dimmed()), at: 0)
        let fourth = Line([
            Span(networkText, style: sharedCacheIsDown ? Style(foreground: .yellow) : networkStyle),
            separator,
            Span(apiDescription), separator,
        ] + (keptWrites.isEmpty ? [] : [Span("writes \(keptWrites.description)", style: writesStyle), separator]) + [
            Span(loadingText, style: isBusy ? Style(foreground: .yellow) : .plain.dimmed()),
        ])
        guard count < 4 else { return [Line(first), error, Line(third), fourth] }
        return [Line(first), latest?.error == nil ? fourth : error]
    }

    /// The source with its parts (`· 1 pending` among them when a value shown is a write the
    /// server has not taken yet).
    private func sourceText(_ event: AnswerEvent) -> String { Self.sourceAndParts(event) }

    /// Writes in conflict or rejected want the user: yellow; pending ones: plain; none: dimmed.
    private var writesStyle: Style {
        if keptWrites.conflict + keptWrites.rejected > 0 { return Style(foreground: .yellow, bold: true) }
        return keptWrites.isEmpty ? .plain.dimmed() : .plain
    }

    /// `online`, or `online · shared cache up` when the shared tier is on.
    private var networkText: String {
        let network = isOnline ? "online" : "OFFLINE"
        guard let shared = sharedCache else { return network }
        return "\(network) · shared cache \(shared)"
    }

    private var sharedCacheIsDown: Bool { isOnline && sharedCache?.isDown == true }

    private var networkStyle: Style {
        isOnline ? Style(foreground: .green) : Style(foreground: .red, bold: true, reverse: true)
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
