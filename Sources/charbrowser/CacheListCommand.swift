import ArgumentParser
import CharacterData
import ExplorerData
import Foundation
import RepositoryCore

/// `charbrowser cache ls`: one row per cached entry, streamed page by page. A parsed value.
struct CacheListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls", abstract: "One row per cached entry (streamed; --json for scripts).")

    /// The kinds `--kind` accepts: Rick and Morty's, then an explored API's.
    static let kinds = ["character", "episode", "location", "page", "avatar"] + ExplorerEntryKinds.all

    @OptionGroup var location: CacheLocationOptions

    @Option(
        help: """
            Only entries of this kind: character, episode, location, page, avatar; an explored API's \
            explorer-entity, explorer-page, explorer-root, explorer-alias, explorer-title.
            """)
    var kind: String?

    @Option(help: "Only entries in this state: fresh, stale, expired.")
    var state: String?

    @Flag(help: "Print a JSON array of entries (written as it is read).")
    var json = false

    /// Rows read per tier per page.
    static let pageSize = 1_000

    func validate() throws {
        if let kind, !Self.kinds.contains(kind) {
            throw ValidationError(
                "--kind must be one of \(Self.kinds.joined(separator: ", ")), not '\(kind)'")
        }
        if let state, CacheEntryState(rawValue: state) == nil {
            throw ValidationError("--state must be fresh, stale or expired, not '\(state)'")
        }
    }

    func run() async throws {
        try await CacheRun.perform {
            try await OpenedCacheTiers.with(location, writable: false) { opened in
                let inspector = opened.inspector
                let now = inspector.now
                var cursor: CacheEntryKey?
                var first = true
                // The table's key column: as wide as the first page's longest key (a header waits for it).
                var keyWidth: Int?
                if json { Console.out("[") }
                repeat {
                    let page: (rows: [CacheRow], next: CacheEntryKey?)
                    do throws(RepositoryError) {
                        page = try await inspector.rows(after: cursor, limit: Self.pageSize)
                    } catch {
                        if json { Console.out("]\n") }
                        throw CacheCommandFailure(error.description)
                    }
                    var text = ""
                    if !json, keyWidth == nil {
                        let width = Self.keyWidth(page.rows.map(\.key.description))
                        keyWidth = width
                        text += Self.line(Self.header, keyWidth: width) + "\n"
                    }
                    for row in page.rows where matches(row, inspector: inspector, now: now) {
                        if json {
                            text += first ? "\n" : ",\n"
                            CacheJSON.write(
                                CacheJSON.row(row, inspector: inspector, now: now, scopeAPI: location.api), to: &text)
                        } else {
                            let cells = tableCells(row, inspector: inspector, now: now)
                            text += Self.line(cells, keyWidth: keyWidth ?? 34) + "\n"
                        }
                        first = false
                    }
                    if !text.isEmpty { Console.out(text) }
                    cursor = page.next
                } while cursor != nil
                if json { Console.out(first ? "]\n" : "\n]\n") }
            }
        }
    }

    func matches(_ row: CacheRow, inspector: CacheInspector, now: Date) -> Bool {
        if let kind, row.kind != kind { return false }
        if let state, inspector.state(of: row, at: now)?.rawValue != state { return false }
        return true
    }

    func tableCells(_ row: CacheRow, inspector: CacheInspector, now: Date) -> [String] {
        [
            row.key.description, row.kind, row.api ?? location.api ?? "—", row.tiers.joined(separator: ","),
            CacheTable.bytes(row.bytes),
            CacheTable.duration(row.top.map { now.timeIntervalSince($0.storedAt) }),
            CacheTable.duration(inspector.timeToLiveLeft(of: row, at: now)),
            inspector.state(of: row, at: now)?.rawValue ?? "—", row.top?.etag ?? "—",
        ]
    }

    /// The table's titles.
    static let header = ["KEY", "KIND", "API", "TIERS", "BYTES", "AGE", "TTL", "STATE", "ETAG"]

    /// The key column's width for `keys`: the longest and a space, from 34 to 100 characters.
    static func keyWidth(_ keys: [String]) -> Int {
        min(max(34, (keys.map(\.count).max() ?? 0) + 1), 100)
    }

    /// One row of the table: each column but the last (the ETag) cut to its width with `…`, so a
    /// long key or many tiers never push the columns after them out of line. A key is cut in its
    /// middle: its end (the entity an explored API's key names) stays readable.
    static func line(_ cells: [String], keyWidth: Int) -> String {
        let widths = [keyWidth, 16, 24, 18, 10, 10, 10, 9]
        let fitted = cells.enumerated().map { index, cell in
            guard index < cells.count - 1, index < widths.count else { return cell }
            let width = widths[index] - 1
            return index == 0 ? CacheTable.cut(middleOf: cell, to: width) : CacheTable.cut(cell, to: width)
        }
        return CacheTable.row(fitted, widths: widths)
    }
}
