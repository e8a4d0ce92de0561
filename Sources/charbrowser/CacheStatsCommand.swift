import ArgumentParser
import Foundation
import RepositoryCore

/// `charbrowser cache stats`: per tier, entries, bytes, limit, oldest and newest. A parsed value.
struct CacheStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Per tier: entries, bytes, limit, oldest and newest entry.")

    @OptionGroup var location: CacheLocationOptions

    @Flag(help: "Print a JSON object keyed by tier (\"disk\", \"shared\", \"file\").")
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
                for (tier, result) in all {
                    switch result {
                    case .success(let totals):
                        fields.append((tier, CacheJSON.totals(totals)))
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
                    Console.out(lines.joined(separator: "\n") + "\n")
                }
                if !failures.isEmpty { throw CacheCommandFailure(failures.joined(separator: "; ")) }
            }
        }
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
