import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

/// The Cache screen's header: how many entries are in each state (counted by a scan of metadata,
/// nil until it is done) and, per tier, its entries and bytes against its limits. A plain value.
package struct CacheCensus: Sendable, Equatable {
    /// One tier's line: its totals, or (nil) why they could not be read.
    package struct TierLine: Sendable, Equatable {
        var tier: CacheTier
        var totals: CacheTierTotals?
        var failure: String?

        package init(tier: CacheTier, totals: CacheTierTotals?, failure: String? = nil) {
            self.tier = tier
            self.totals = totals
            self.failure = failure
        }
    }

    /// Entries per state over every key, when counted.
    var states: [CacheEntryState: Int]?
    var tiers: [TierLine]

    package init(states: [CacheEntryState: Int]? = nil, tiers: [TierLine] = []) {
        self.states = states
        self.tiers = tiers
    }

    /// `12 fresh · 3 stale · 1 expired`, each in its state's colour, or `counting…` (dimmed) before
    /// the scan is done.
    var stateLine: Line {
        guard let states else { return Line("counting…", style: .plain.dimmed()) }
        let counts = CacheEntryState.allCases.map {
            [Span("\(states[$0, default: 0]) \($0)", style: CacheRowText.style(of: $0))]
        }
        return Line(Array(counts.joined(separator: [Span(" · ")])))
    }

    /// `disk 120 · 1.2 MB/50 MB`, `memory 40/1000`, `shared unreachable`.
    static func text(of line: TierLine) -> String {
        guard let totals = line.totals else { return "\(line.tier.name) \(line.failure ?? "unknown")" }
        var text = "\(line.tier.name) \(totals.entries)"
        if let limit = totals.entryLimit { text += "/\(limit)" }
        if let bytes = totals.bytes {
            text += " · \(ByteText.short(bytes))"
            if let limit = totals.byteLimit { text += "/\(ByteText.short(limit))" }
        }
        return text
    }

    /// Counts the states of every row at `now`, a page at a time, with each tier's totals.
    package static func count(_ inspector: CacheInspector, at now: Date) async -> CacheCensus {
        let tiers = await inspector.totals().map { tier, result in
            switch result {
            case .success(let totals): TierLine(tier: CacheTier(name: tier), totals: totals)
            case .failure(let error):
                TierLine(tier: CacheTier(name: tier), totals: nil, failure: error.description)
            }
        }
        var states: [CacheEntryState: Int] = [:]
        var cursor: CacheEntryKey?
        // A tier that fails is left out of the count (its line says why); none left, no count.
        do throws(RepositoryError) {
            repeat {
                let page = try await inspector.availableRows(after: cursor, limit: 1_000)
                for row in page.rows {
                    if let state = inspector.state(of: row, at: now) { states[state, default: 0] += 1 }
                }
                cursor = page.next
            } while cursor != nil
        } catch {
            return CacheCensus(states: nil, tiers: tiers)
        }
        return CacheCensus(states: states, tiers: tiers)
    }
}

/// Byte counts as short text: `512 B`, `1.2 KB`, `50 MB` (1,000 per step, as `cache stats`), with
/// one decimal below `tenthsBelow` (`12.3 KB` when it is infinite). Pure.
enum ByteText {
    static func short(_ bytes: Int, tenthsBelow: Double = 10) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1_000, unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let text = value < tenthsBelow ? DecimalText.tenths(value) : DecimalText.whole(value)
        return "\(text) \(units[unit])"
    }
}

/// One of the cache's tiers as the Cache screen shows and asks for it, by the inspector's name.
/// A plain value.
package struct CacheTier: Sendable, Hashable {
    package static let memory = CacheTier(name: "memory")
    package static let disk = CacheTier(name: "disk")
    package static let shared = CacheTier(name: "shared")
    package static let file = CacheTier(name: "file")

    let name: String

    package init(name: String) { self.name = name }

    /// `M`, `D`, `S`, `F`; its lowercase picks the tier in a prompt.
    var badge: Character { name.uppercased().first ?? "?" }

    /// The origin of an answer or an action of the tier (the file tier's is the disk's).
    var origin: Origin {
        switch self {
        case .memory: .memory
        case .shared: .sharedCache
        default: .disk
        }
    }
}
