import CharacterData
import Foundation

/// Where the embedded server keeps the writes it accepts, so they outlive the browser: a file per
/// served data set (`embedded-server-<identity>.json`: the sample's edits never show in a dump's)
/// in the user's data folder — `$XDG_DATA_HOME/charbrowser/`, or `~/.local/share/charbrowser/`
/// when `XDG_DATA_HOME` is unset, empty or relative — never in the cache folder, so purging the
/// cache keeps them. Stateless.
enum EmbeddedServerState {
    /// The state file of the run `command` describes, or nil: `--api` (no embedded server) or
    /// `--no-server-state` (in memory only). `--server-state FILE` names it; else the default.
    static func file(
        _ command: BrowseCommand, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> URL? {
        guard command.api == nil, !command.noServerState else { return nil }
        if let path = command.serverState { return URL(fileURLWithPath: path) }
        guard let identity = try command.embeddedIdentity() else { return nil }
        return defaultFile(for: identity, environment: environment)
    }

    /// The start of every default file's name; `.json` ends it.
    static let filePrefix = "embedded-server-"

    /// `<data folder>/charbrowser/embedded-server-<identity>.json`.
    static func defaultFile(for identity: APIIdentity, environment: [String: String]) -> URL {
        defaultFolder(environment: environment)
            .appendingPathComponent("\(filePrefix)\(identity.id).json", isDirectory: false)
    }

    /// `<data folder>/charbrowser/`: the folder of every default file.
    static func defaultFolder(environment: [String: String]) -> URL {
        dataFolder(environment: environment).appendingPathComponent("charbrowser", isDirectory: true)
    }

    /// The default files that exist, one per served data set that took a write, by name.
    static func defaultFiles(environment: [String: String]) -> [URL] {
        let folder = defaultFolder(environment: environment)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(filePrefix) && $0.hasSuffix(".json") }.sorted().map {
            folder.appendingPathComponent($0, isDirectory: false)
        }
    }

    /// `$XDG_DATA_HOME` when it is an absolute path, else `$HOME/.local/share` (the XDG rule).
    static func dataFolder(environment: [String: String]) -> URL {
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
    }
}
