import ArgumentParser
import Foundation
import CharacterData
import RepositoryCore

/// `charbrowser cache stats`: per tier, entries, bytes, limit, oldest and newest; then per API
/// and tier, entries and bytes. A parsed value.
struct CacheStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Per tier: entries, bytes, limit, oldest and newest entry; per API: entries and bytes.")

    @OptionGroup var location: CacheLocationOptions

    @Flag(help: "Print a JSON object keyed by tier (\"disk\", \"shared\", \"file\"), each with its \"apis\".")
    var json = false

    func run() async throws {
        try await CacheRun.perform {
            try await OpenedCacheTiers.with(location, writable: false) { opened in
                let all = await opened.inspector.totals()
                var fields: [(String, CacheJSON.Value)] = []
                var lines = [
                    CacheTable.row(["tier", "entries", "bytes", "limit", "oldest", "newest"])
                ]
                var failures: [String] = []
                var apiLines = [CacheTable.row(["api", "tier", "entries", "bytes"], widths: [28, 8, 9])]
                for (tier, result) in all {
                    switch result {
                    case .success(let totals):
                        let perAPI: [(api: String, entries: Int, bytes: Int?)]
                        do throws(RepositoryError) {
                            perAPI = try await Self.countPerAPI(of: tier, in: opened.inspector, scope: location.api)
                        } catch {
                            failures.append("\(tier): \(error.description)")
                            perAPI = []
                        }
                        var object = CacheJSON.totals(totals)
                        if case .object(var totalsFields) = object {
                            totalsFields.append(
                                (
                                    "apis",
                                    .object(perAPI.map { ($0.api, CacheJSON.Value.object([
                                        ("entries", .number($0.entries)), ("bytes", .optional($0.bytes)),
                                    ])) })
                                ))
                            object = .object(totalsFields)
                        }
                        fields.append((tier, object))
                        for part in perAPI {
                            apiLines.append(
                                CacheTable.row(
                                    [part.api, tier, String(part.entries), CacheTable.bytes(part.bytes)],
                                    widths: [28, 8, 9]))
                        }
                        lines.append(
                            CacheTable.row([
                                tier, String(totals.entries), CacheTable.bytes(totals.bytes),
                                CacheTable.bytes(totals.byteLimit ?? totals.entryLimit),
                                totals.oldest.map(CacheJSON.iso8601) ?? "—",
                                totals.newest.map(CacheJSON.iso8601) ?? "—",
                            ]))
                    case .failure(let error):
                        failures.append("\(tier): \(error.description)")
                        fields.append((tier, .object([("error", .string(error.description))])))
                    }
                }
                if json {
                    Console.out(CacheJSON.text(.object(fields)) + "\n")
                } else {
                    Console.out(lines.joined(separator: "\n") + "\n\n" + apiLines.joined(separator: "\n") + "\n")
                }
                if !failures.isEmpty { throw CacheCommandFailure(failures.joined(separator: "; ")) }
            }
        }
    }
}

extension CacheStatsCommand {
    /// The entries and bytes of each API in the tier named `tier`, by API in byte order: one pass
    /// over its entries, a page at a time, without payloads. Entries whose key names no API count
    /// under `(none)`; a tier scoped to `scope` counts all of its entries under it.
    static func countPerAPI(of tier: String, in inspector: CacheInspector, scope: String?)
        async throws(RepositoryError) -> [(api: String, entries: Int, bytes: Int?)]
    {
        guard let inspected = inspector.tiers.first(where: { $0.tierName == tier }) else { return [] }
        var counts: [String: (entries: Int, bytes: Int?)] = [:]
        try await inspected.forEachPage { entries throws(RepositoryError) in
            for entry in entries {
                let api = scope ?? CacheRow.api(of: entry.key) ?? "(none)"
                var count = counts[api] ?? (0, nil)
                count.entries += 1
                if let bytes = entry.bytes { count.bytes = (count.bytes ?? 0) + bytes }
                counts[api] = count
            }
            return true
        }
        return counts.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { (api: $0.key, entries: $0.value.entries, bytes: $0.value.bytes) }
    }
}

/// Plain-text tables and sizes for people. Stateless.
enum CacheTable {
    /// Cells padded to fixed widths (the last one unpadded).
    static func row(_ cells: [String], widths: [Int] = [8, 9, 10, 10, 21, 21]) -> String {
        cells.enumerated().map { index, cell in
            guard index < cells.count - 1, index < widths.count else { return cell }
            return cell.padding(toLength: max(widths[index], cell.count + 1), withPad: " ", startingAt: 0)
        }.joined()
    }

    /// `cell` in at most `width` characters, ended with `…` when cut.
    static func cut(_ cell: String, to width: Int) -> String {
        guard cell.count > width, width > 0 else { return cell }
        return String(cell.prefix(width - 1)) + "…"
    }

    /// `cell` in at most `width` characters, its middle replaced by `…` when cut (its head and
    /// its end kept).
    static func cut(middleOf cell: String, to width: Int) -> String {
        guard cell.count > width, width > 2 else { return cut(cell, to: width) }
        let head = (width - 1) / 3
        return String(cell.prefix(head)) + "…" + String(cell.suffix(width - 1 - head))
    }

    /// `12.3 KB`; `—` when unknown.
    static func bytes(_ count: Int?) -> String {
        guard let count else { return "—" }
        if count < 1_000 { return "\(count) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(count) / 1_000
        var unit = 0
        while value >= 1_000, unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }

    /// `3d 4h`, `12m 5s`, `-2h 3m` for a duration in seconds; `—` when unknown.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "—" }
        let sign = seconds < 0 ? "-" : ""
        var left = Int(abs(seconds))
        let days = left / 86_400
        left %= 86_400
        let hours = left / 3_600
        left %= 3_600
        let minutes = left / 60
        let secs = left % 60
        if days > 0 { return "\(sign)\(days)d \(hours)h" }
        if hours > 0 { return "\(sign)\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(sign)\(minutes)m \(secs)s" }
        return "\(sign)\(secs)s"
    }
}

/// Runs a `cache` subcommand's body and turns a `CacheCommandFailure` into one line on standard
/// error and exit status 1.
enum CacheRun {
    static func perform(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CacheCommandFailure {
            Console.error("charbrowser: \(failure.description)\n")
            throw ExitCode(1)
        }
    }
}
