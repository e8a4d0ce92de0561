import ArgumentParser
import CharacterData
import Foundation
import RepositoryCore

/// `charbrowser cache show KEY`: one entry's metadata in each tier and its value. A parsed value.
struct CacheShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "One entry: its metadata in each tier and its value.")

    @OptionGroup var location: CacheLocationOptions

    @Argument(help: CacheKeyArgument.help)
    var key: String

    @Flag(help: "Print a JSON object.")
    var json = false

    func validate() throws {
        guard CacheKeyArgument.parse(key) != nil else {
            throw ValidationError("KEY must be kind/key (for example character/id:1), not '\(key)'")
        }
    }

    func run() async throws {
        guard let given = CacheKeyArgument.parse(key) else { throw ExitCode(2) }
        try await CacheRun.perform {
            try await OpenedCacheTiers.with(location, writable: false) { opened in
                let inspector = opened.inspector
                let key = try await CacheKeyResolution.resolve(given, in: inspector, api: location.api)
                let row: CacheRow?
                do throws(RepositoryError) {
                    row = try await inspector.row(key)
                } catch {
                    throw CacheCommandFailure(error.description)
                }
                guard let row else { throw CacheCommandFailure("\(key) is not cached") }
                let now = inspector.now
                let value: String?
                let valueProblem: String?
                do throws(RepositoryError) {
                    value = try inspector.value(of: key)
                    valueProblem = nil
                } catch {
                    value = nil
                    valueProblem = error.description
                }
                let name = inspector.displayName(of: row)
                if json {
                    var fields = CacheJSON.rowFields(row, inspector: inspector, now: now, scopeAPI: location.api)
                    fields[3] = ("name", .string(name))
                    fields.append(
                        (
                            "inTiers",
                            .object(row.merged.holders.map { ($0.tier, CacheJSON.info($0.info)) })
                        ))
                    fields.append(("value", value.map(CacheJSON.Value.raw) ?? .null))
                    if let valueProblem { fields.append(("valueError", .string(valueProblem))) }
                    Console.out(CacheJSON.text(.object(fields)) + "\n")
                    return
                }
                var lines = [
                    "\(name)  (\(row.key))",
                    "kind: \(row.kind)   api: \(row.api ?? location.api ?? "—")   state: \(inspector.state(of: row, at: now)?.rawValue ?? "—")   "
                        + "ttl left: \(CacheTable.duration(inspector.timeToLiveLeft(of: row, at: now)))",
                ]
                for holder in row.merged.holders {
                    let info = holder.info
                    lines.append(
                        "\(holder.tier): \(CacheTable.bytes(info.bytes)), stored \(CacheJSON.iso8601(info.storedAt))"
                            + " (\(CacheTable.duration(now.timeIntervalSince(info.storedAt))) ago)"
                            + (info.etag.map { ", etag \($0)" } ?? "")
                            + (info.lastModified.map { ", last-modified \($0)" } ?? "")
                            + (info.expiresAt.map { ", expires \(CacheJSON.iso8601($0))" } ?? "")
                            + (info.staleUse.map { ", \($0.directives)" } ?? "")
                            + (info.lastAccess.map { ", last access \(CacheJSON.iso8601($0))" } ?? ""))
                }
                lines.append("")
                lines.append(value ?? valueProblem.map { "value: \($0)" } ?? "value: not on disk")
                Console.out(lines.joined(separator: "\n") + "\n")
            }
        }
    }
}
