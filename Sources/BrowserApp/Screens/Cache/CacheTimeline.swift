import EntityWrites
import Foundation
import RepositoryCore

/// What the browser saw of each cache key this session: every answer for it and what changed
/// between the versions of its value seen. A plain value; `update` owns it. Bounded: `maxMoments`
/// answers and `maxChanges` changes per key, `maxKeys` keys (the one seen longest ago goes first).
struct CacheTimeline: Sendable, Equatable {
    /// One answer for a key: when it was applied, its origin (nil for a failure), policy and time
    /// taken, whether a stale value was served, and the error of a failure or of a fallback.
    struct Moment: Sendable, Equatable {
        var time: Date
        var origin: String?
        var policy: String
        var ms: Double
        var stale: Bool
        var error: String?

        var wasNotModified: Bool { origin == Origin.revalidated.rawValue }
    }

    /// What changed when a newer version of a key's value was seen, a line per field.
    struct Change: Sendable, Equatable {
        var time: Date
        var lines: [String]
    }

    let maxKeys: Int
    let maxMoments: Int
    let maxChanges: Int
    private var moments: [CacheEntryKey: [Moment]] = [:]
    private var changes: [CacheEntryKey: [Change]] = [:]
    private var lastValue: [CacheEntryKey: [String: String]] = [:]
    private var seen: [CacheEntryKey] = []

    init(maxKeys: Int = 2_000, maxMoments: Int = 50, maxChanges: Int = 20) {
        self.maxKeys = max(1, maxKeys)
        self.maxMoments = max(1, maxMoments)
        self.maxChanges = max(1, maxChanges)
    }

    /// The answers and the changes seen for `key`, oldest first.
    func moments(of key: CacheEntryKey) -> [Moment] { moments[key] ?? [] }
    func changes(of key: CacheEntryKey) -> [Change] { changes[key] ?? [] }

    /// Records `event`, applied at `time`, for the keys it read or acted on.
    mutating func record(_ event: AnswerEvent, at time: Date) {
        let moment = Moment(
            time: time, origin: event.origin?.description, policy: event.policy.description, ms: event.ms,
            stale: event.stale, error: event.error)
        for key in event.cacheKeys {
            touch(key)
            moments[key, default: []].append(moment)
            if moments[key, default: []].count > maxMoments { moments[key]?.removeFirst() }
        }
    }

    /// Notes the value of `key` seen at `time` (JSON), recording what changed since the last one.
    mutating func noteValue(_ json: String, of key: CacheEntryKey, at time: Date) {
        let fields = Self.flatten(json)
        touch(key)
        defer { lastValue[key] = fields }
        guard let before = lastValue[key], before != fields else { return }
        let lines = Self.differences(from: before, to: fields)
        guard !lines.isEmpty else { return }
        changes[key, default: []].append(Change(time: time, lines: lines))
        if changes[key, default: []].count > maxChanges { changes[key]?.removeFirst() }
    }

    private mutating func touch(_ key: CacheEntryKey) {
        if moments[key] == nil, lastValue[key] == nil { seen.append(key) }
        guard seen.count > maxKeys else { return }
        let gone = seen.removeFirst()
        moments[gone] = nil
        changes[gone] = nil
        lastValue[gone] = nil
    }

    /// A JSON value as its fields, path → text (`name`, `origin.name`, `episode[0]`).
    private static func flatten(_ json: String) -> [String: String] {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) else {
            return ["": json]
        }
        var fields: [String: String] = [:]
        visit(value, path: "", into: &fields)
        return fields
    }

    /// Adds `value`'s scalars under their paths from `path`: a string as itself, any other as JSON.
    private static func visit(_ value: JSONValue, path: String, into fields: inout [String: String]) {
        switch value {
        case .string(let text): fields[path] = text
        case .array(let values):
            for (index, value) in values.enumerated() {
                visit(value, path: "\(path)[\(index)]", into: &fields)
            }
        case .object(let members):
            for (name, value) in members {
                visit(value, path: path.isEmpty ? name : "\(path).\(name)", into: &fields)
            }
        case .null, .bool, .number: fields[path] = value.description
        }
    }

    /// `name: Rick Sanchez → Rick Renamed`; `+ type: Clone`; `- type: Clone`; in path order.
    private static func differences(from before: [String: String], to after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).sorted().compactMap { path in
            switch (before[path], after[path]) {
            case (let old?, let new?) where old != new: "\(path): \(old) → \(new)"
            case (nil, let new?): "+ \(path): \(new)"
            case (let old?, nil): "- \(path): \(old)"
            default: nil
            }
        }
    }
}
