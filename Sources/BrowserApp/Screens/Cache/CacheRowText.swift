import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

/// How a cache row's columns read: tier badges, ages and times to live, the state word and its
/// colour. Pure functions.
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

    /// The colour of `revalidating`, the state of a row a background revalidation reads again.
    static let revalidatingStyle = Style.plain.foreground(.cyan)

    /// The bytes column: `1.2 KB`, `—` when no tier counts them.
    static func bytes(_ bytes: Int?) -> String { bytes.map(ByteText.short) ?? "—" }
}
