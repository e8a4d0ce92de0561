import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

/// The Cache screen's list pane: the census header (states, each tier against its limits, the
/// badge legend, the sort and filter), the column heads and the rows in view. Holds exactly what it
/// draws (the rows in view and the time they are drawn at), so equal panes draw equal cells.
struct CacheListPane: Widget, Equatable, Sendable {
    let census: CacheCensus
    let tiers: [CacheTier]
    let api: String?
    let rows: [CacheListEntry]
    /// The index in `rows` of the selected row, if in view.
    let selected: Int?
    let sort: CacheSortOrder
    let filter: String
    let problemsOnly: Bool
    let position: String
    let rule: CacheFreshnessRule
    let now: Date
    /// What the title adds after the API (`shared down: TLS …`, `writes: 2 pending (5)`).
    var notes: [String] = []
    /// The rows in view a background revalidation reads again: their state reads `revalidating`.
    var revalidating: Set<CacheEntryKey> = []

    static let headerHeight = 3

    /// Where the pane in `area` draws its rows: below the census and the column heads.
    static func body(of area: Rect) -> Rect {
        let inside = BorderBox.interior(of: area).inset(left: 1, right: 1)
        return inside.inset(top: min(inside.height, headerHeight))
    }

    /// The census's two lines, then (with room for a row) the column heads and the rows.
    func render(in area: Rect, buffer: inout CellBuffer) {
        let title = ([api.map { "Cache · API \($0)" } ?? "Cache"] + notes).joined(separator: " · ")
        BorderBox.render(titled: title, in: area, buffer: &buffer) { inside in
            let totals = Span("   " + census.tiers.map(CacheCensus.text(of:)).joined(separator: "  "))
            var second = "\(CacheRowText.legend(tiers))   sort: \(sort.rawValue)"
            if !filter.isEmpty { second += "   filter: \(filter)" }
            if problemsOnly { second += "   stale + expired only" }
            second += "   \(position)"
            let header = [Line(census.stateLine.spans + [totals]), Line(second, style: .plain.dimmed())]
            guard inside.height > Self.headerHeight else { return header }
            let columns = Columns(
                width: inside.width, badgeWidth: tiers.count, revalidating: !revalidating.isEmpty)
            let heads = Line(columns.heads(), style: .plain.bolded().underlined())
            guard !rows.isEmpty else {
                let none = filter.isEmpty && !problemsOnly ? "nothing cached" : "no row read matches"
                return header + [heads, Line(none, style: .plain.dimmed())]
            }
            return header + [heads]
                + rows.enumerated().map { index, entry in
                    let line = columns.line(
                        entry, tiers: tiers, rule: rule, now: now,
                        revalidating: revalidating.contains(entry.key))
                    guard index == selected else { return line }
                    return Line(line.spans.map { Span($0.text, style: $0.style.reversed()) })
                }
        }
    }

    /// The column widths for a width: the title and the ETag share what the fixed columns leave.
    /// On a narrow pane the kind (the title says it) and then the ETag give their room to the title.
    struct Columns {
        let kind: Int
        let badges: Int
        let bytes = 8
        let age = 7
        let ttl = 8
        /// Wider while a row in view says `revalidating`; the title gives the room.
        let state: Int
        let title: Int
        let etag: Int

        init(width: Int, badgeWidth: Int, revalidating: Bool = false) {
            badges = max(5, badgeWidth)
            state = revalidating ? 12 : 7
            let fixed = badges + bytes + age + ttl + state + 5
            kind = width - fixed - 10 >= 40 ? 9 : 0
            var rest = max(8, width - fixed - (kind > 0 ? kind + 1 : 0))
            etag = rest >= 44 ? min(20, rest / 3) : 0
            if etag > 0 { rest -= etag + 1 }
            title = rest
        }

        /// One cell per column, fitted to its width (numbers to the right), joined by one space; a
        /// column without width is left out.
        private func joined(_ cells: [(text: String, style: Style)]) -> [Span] {
            let widths = [kind, title, badges, bytes, age, ttl, state, etag]
            var spans: [Span] = []
            for (index, cell) in cells.enumerated() where widths[index] > 0 {
                if !spans.isEmpty { spans.append(Span(" ")) }
                let alignment: TextFitting.Alignment = (3...5).contains(index) ? .trailing : .leading
                let text = TextFitting.fit(cell.text, width: widths[index], alignment: alignment)
                spans.append(Span(text, style: cell.style))
            }
            return spans
        }

        func heads() -> String {
            let names = ["kind", "name", "tiers", "bytes", "age", "ttl", "state", "etag"]
            return Line(joined(names.map { ($0, .plain) })).plainText
        }

        func line(
            _ entry: CacheListEntry, tiers: [CacheTier], rule: CacheFreshnessRule, now: Date,
            revalidating: Bool
        ) -> Line {
            let top = entry.row.top
            let state = top.map { rule.state(of: $0, at: now) }
            return Line(
                joined([
                    (entry.row.kind, .plain.dimmed()),
                    (entry.title, .plain),
                    (CacheRowText.badges(entry.row.tiers.map(CacheTier.init(name:)), of: tiers), .plain),
                    (CacheRowText.bytes(entry.row.bytes), .plain),
                    (CacheRowText.duration(top.map { now.timeIntervalSince($0.storedAt) }), .plain),
                    (CacheRowText.duration(top.flatMap { rule.timeToLiveLeft(of: $0, at: now) }), .plain),
                    revalidating
                        ? ("revalidating", CacheRowText.revalidatingStyle)
                        : (state?.description ?? "—", CacheRowText.style(of: state)),
                    (top?.etag ?? "—", .plain.dimmed()),
                ]))
        }
    }
}

/// How a cache row's columns read: tier badges, durations, bytes, the state word's colour. Pure.
enum CacheRowText {
    /// The badges of `tiers` in the order of `all`, a `·` where a tier does not hold it: `MD·F`.
    static func badges(_ tiers: [CacheTier], of all: [CacheTier]) -> String {
        String(all.map { tiers.contains($0) ? $0.badge : "·" })
    }

    /// `M memory · D disk · F file`.
    static func legend(_ all: [CacheTier]) -> String {
        all.map { "\($0.badge) \($0.name)" }.joined(separator: " · ")
    }

    /// `45s`, `12m`, `3h`, `2d`; `-30s` once past; `—` for nil (no limit).
    static func duration(_ seconds: TimeInterval?) -> String {
        guard let seconds, seconds.isFinite else { return "—" }
        let sign = seconds < 0 ? "-" : ""
        let whole = Int(abs(seconds).rounded(.down))
        let text =
            switch whole {
            case ..<60: "\(whole)s"
            case ..<3_600: "\(whole / 60)m\(whole % 60 == 0 ? "" : "\(whole % 60)s")"
            case ..<86_400: "\(whole / 3_600)h\((whole % 3_600) / 60 == 0 ? "" : "\((whole % 3_600) / 60)m")"
            default:
                "\(whole / 86_400)d\((whole % 86_400) / 3_600 == 0 ? "" : "\((whole % 86_400) / 3_600)h")"
            }
        return sign + text
    }

    /// The colour of a state word: fresh green, stale yellow, expired red.
    static func style(of state: CacheEntryState?) -> Style {
        switch state {
        case .fresh: .plain.foreground(.green)
        case .stale: .plain.foreground(.yellow)
        case .expired: .plain.foreground(.red)
        case nil: .plain.dimmed()
        }
    }

    static let revalidatingStyle = Style.plain.foreground(.cyan)

    /// The bytes column: `1.2 KB`, `—` when no tier counts them.
    static func bytes(_ bytes: Int?) -> String { bytes.map { ByteText.short($0) } ?? "—" }
}
