import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

/// One cache entry opened from the Cache screen: its row (metadata in each tier), its value as
/// read (or why it could not be), and the page's scroll. A plain value.
struct CacheEntryDetail: Sendable, Equatable {
    var entry: CacheListEntry
    /// The value's lines, nil until read or when it could not be (`valueFailure` says why).
    var value: [String]?
    var valueFailure: String?
    /// The value as last read (JSON), for opening the entity in the explorer and copying it.
    var json: String?
    private(set) var scroll = 0

    mutating func scroll(by delta: Int, total: Int, height: Int) {
        scroll = max(0, min(scroll + delta, max(0, total - height)))
    }

    /// The page: the metadata in each tier, this session's answers, the changes seen, the value.
    func lines(tiers: [CacheTier], timeline: CacheTimeline, rule: CacheFreshnessRule, now: Date)
        -> [Line]
    {
        let bold = Style.plain.bolded()
        let dimmed = Style.plain.dimmed()
        func ago(_ time: Date) -> String { CacheRowText.duration(now.timeIntervalSince(time)) + " ago" }
        var lines: [Line] = [
            Line("\(entry.title)  (\(entry.key))", style: bold), "", Line("In each tier", style: bold),
        ]
        for tier in tiers {
            let name = TextFitting.fit(tier.name, width: 8)
            guard let info = entry.row.info(in: tier.name) else {
                lines.append(Line("  \(name) —", style: dimmed))
                continue
            }
            let state = rule.state(of: info, at: now)
            var text = "  \(name) \(CacheRowText.bytes(info.bytes)) · stored \(ago(info.storedAt))"
            text += " · ttl \(CacheRowText.duration(rule.timeToLiveLeft(of: info, at: now)))"
            if let expiresAt = info.expiresAt {
                text += " · expires in \(CacheRowText.duration(expiresAt.timeIntervalSince(now)))"
            }
            text += " · etag \(info.etag ?? "—")"
            if let modified = info.lastModified { text += " · last-modified \(modified)" }
            if let staleUse = info.staleUse { text += " · \(staleUse.directives)" }
            if let access = info.lastAccess { text += " · read \(ago(access))" }
            if let hits = info.hits { text += " · \(hits) hits" }
            lines.append(Line([Span(text + " · "), Span("\(state)", style: CacheRowText.style(of: state))]))
        }
        let moments = timeline.moments(of: entry.key)
        lines += ["", Line("This session (\(moments.count) answers)", style: bold)]
        if moments.isEmpty { lines.append(Line("  no answer for it yet", style: dimmed)) }
        for moment in moments.reversed() {
            var text = "  \(TextFitting.fit(ago(moment.time), width: 9, alignment: .trailing))  "
            text += TextFitting.fit(moment.origin ?? "failed", width: 11) + " "
            text += "\(TextFitting.fit(moment.policy, width: 11)) \(DecimalText.tenths(moment.ms)) ms"
            if moment.wasNotModified { text += "  304" }
            if moment.stale { text += "  stale" }
            if let error = moment.error { text += "  \(error)" }
            lines.append(Line(text, style: moment.origin == nil ? .plain.foreground(.red) : .plain))
        }
        let changes = timeline.changes(of: entry.key)
        lines += ["", Line("Changes seen", style: bold)]
        if changes.isEmpty { lines.append(Line("  none", style: dimmed)) }
        for change in changes.reversed() {
            lines.append(Line("  \(ago(change.time))", style: dimmed))
            lines += change.lines.map { Line("    \($0)") }
        }
        lines += ["", Line("Value", style: bold)]
        lines += value?.map { Line("  \($0)") } ?? [Line("  \(valueFailure ?? "reading…")", style: dimmed)]
        return lines
    }
}
