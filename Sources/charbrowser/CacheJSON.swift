import CharacterData
import Foundation
import JSONTree
import RepositoryCore

/// The JSON the `cache` subcommands print (docs/cache-command.md), written by hand so that
/// fields keep their documented order and a page of rows is written as soon as it is read.
/// Stateless; thread-safe.
enum CacheJSON {
    /// A JSON value.
    indirect enum Value {
        case string(String)
        case number(Int)
        case bool(Bool)
        case null
        case array([Value])
        case object([(String, Value)])
        /// Text that already is JSON (a decoded value), written as is.
        case raw(String)

        static func optional(_ text: String?) -> Value { text.map(Value.string) ?? .null }
        static func optional(_ number: Int?) -> Value { number.map(Value.number) ?? .null }
        static func date(_ date: Date?) -> Value { date.map { .string(CacheJSON.iso8601($0)) } ?? .null }
    }

    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// `value` as compact JSON text.
    static func text(_ value: Value) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    static func write(_ value: Value, to out: inout String) {
        switch value {
        case .string(let text): JSONText.appendQuoted(text, to: &out)
        case .number(let number): out += String(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .raw(let json): out += json
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, (name, item)) in fields.enumerated() {
                if index > 0 { out += "," }
                JSONText.appendQuoted(name, to: &out)
                out += ":"
                write(item, to: &out)
            }
            out += "}"
        }
    }

    /// One `ls` row: key, kind, id, name, api, tiers, bytes, storedAt, ageSeconds, ttlSeconds, state,
    /// etag, staleUse; `api` is the row's own or, for tiers scoped to one API, `scopeAPI`.
    static func row(_ row: CacheRow, inspector: CacheInspector, now: Date, scopeAPI: String?) -> Value {
        .object(rowFields(row, inspector: inspector, now: now, scopeAPI: scopeAPI))
    }

    /// The fields of `row(_:inspector:now:scopeAPI:)`, in order (the fourth is `name`).
    static func rowFields(_ row: CacheRow, inspector: CacheInspector, now: Date, scopeAPI: String?)
        -> [(String, Value)]
    {
        let top = row.top
        return [
            ("key", .string(row.key.description)),
            ("kind", .string(row.kind)),
            ("id", .optional(row.id)),
            ("name", .string(row.name)),
            ("api", .optional(row.api ?? scopeAPI)),
            ("tiers", .array(row.tiers.map(Value.string))),
            ("bytes", .optional(row.bytes)),
            ("storedAt", .date(top?.storedAt)),
            ("ageSeconds", .optional(top.map { Int(now.timeIntervalSince($0.storedAt).rounded(.down)) })),
            (
                "ttlSeconds",
                .optional(inspector.timeToLiveLeft(of: row, at: now).map { Int($0.rounded(.down)) })
            ),
            ("state", .optional(inspector.state(of: row, at: now)?.rawValue)),
            ("etag", .optional(top?.etag)),
            ("staleUse", .optional(top?.staleUse?.directives)),
        ]
    }

    /// One tier's copy of an entry, as `show` prints it.
    static func info(_ info: CacheEntryInfo) -> Value {
        .object([
            ("bytes", .optional(info.bytes)),
            ("storedAt", .date(info.storedAt)),
            ("expiresAt", .date(info.expiresAt)),
            ("etag", .optional(info.etag)),
            ("lastModified", .optional(info.lastModified)),
            ("staleUse", .optional(info.staleUse?.directives)),
            ("lastAccess", .date(info.lastAccess)),
            ("hits", .optional(info.hits)),
        ])
    }

    /// One tier's totals, as `stats` prints them.
    static func totals(_ totals: CacheTierTotals) -> Value {
        .object([
            ("entries", .number(totals.entries)),
            ("bytes", .optional(totals.bytes)),
            ("limit", .optional(totals.byteLimit ?? totals.entryLimit)),
            ("oldest", .date(totals.oldest)),
            ("newest", .date(totals.newest)),
        ])
    }
}
