import Foundation

/// The environment of a process a test starts: this process's variables, with `HOME` and the XDG
/// folders (data, cache, state, config) moved inside one temporary folder of the test, so no child
/// reads or writes the folders of whoever runs the tests (the embedded server's kept writes, a
/// cache, remembered settings). The folders themselves are not created: a child makes what it
/// writes to. A value; the test removes `root` when it ends.
public struct IsolatedEnvironment: Sendable {
    /// The variables set to folders under `root`, whatever this process's say.
    public static let folderNames = [
        "HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME",
    ]
    /// Variables of this process no child gets: they point the program at a user's own shared
    /// cache. A test that wants one passes it with `adding`.
    public static let removedNames = ["CHARBROWSER_SHARED_CACHE", "CHARBROWSER_SHARED_CACHE_KEY"]

    /// The test's folder: `home/` in it is the children's `HOME`, and the XDG folders are where
    /// XDG puts them by default inside that home.
    public let root: URL
    /// Every variable a child gets, by name.
    public private(set) var variables: [String: String]

    /// The environment of `base` (by default this process's) with `HOME` and the XDG folders under
    /// `root`: `root/home`, `root/home/.local/share`, `…/.cache`, `…/.local/state`, `…/.config`.
    public init(root: URL, base: [String: String] = ProcessInfo.processInfo.environment) {
        self.root = root
        var variables = base
        Self.removedNames.forEach { variables[$0] = nil }
        let home = root.appendingPathComponent("home", isDirectory: true)
        let folders = [
            home, home.appendingPathComponent(".local/share", isDirectory: true),
            home.appendingPathComponent(".cache", isDirectory: true),
            home.appendingPathComponent(".local/state", isDirectory: true),
            home.appendingPathComponent(".config", isDirectory: true),
        ]
        for (name, folder) in zip(Self.folderNames, folders) { variables[name] = folder.path }
        self.variables = variables
    }

    /// A new folder for one test, `<temporary folder>/<prefix>-<UUID>`, created, and the
    /// environment under it. The test removes `root` when it ends.
    public static func temporary(_ prefix: String) throws -> IsolatedEnvironment {
        IsolatedEnvironment(root: try ChildProcess.temporaryRunFolder(prefix))
    }

    /// The children's `HOME`.
    public var home: URL { folder("HOME") }
    /// `XDG_DATA_HOME`: where the embedded server keeps its writes (`charbrowser/`).
    public var dataHome: URL { folder("XDG_DATA_HOME") }
    /// `XDG_CACHE_HOME`: the browser's default cache folder is `charbrowser/` in it.
    public var cacheHome: URL { folder("XDG_CACHE_HOME") }
    /// `XDG_STATE_HOME`.
    public var stateHome: URL { folder("XDG_STATE_HOME") }
    /// `XDG_CONFIG_HOME`.
    public var configHome: URL { folder("XDG_CONFIG_HOME") }

    /// This environment with `extra` set too (an isolated folder's variable cannot be changed).
    public func adding(_ extra: [String: String]) -> IsolatedEnvironment {
        var copy = self
        for (name, value) in extra where !Self.folderNames.contains(name) { copy.variables[name] = value }
        return copy
    }

    /// The variables as `posix_spawn` takes them, `NAME=value`, sorted by name.
    public var entries: [String] { variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }

    /// `-e NAME=value` for each isolated folder: for `tmux new-session`, whose panes otherwise take
    /// the tmux server's environment.
    public var tmuxSessionArguments: [String] {
        Self.folderNames.flatMap { name in ["-e", "\(name)=\(variables[name] ?? "")"] }
    }

    private func folder(_ name: String) -> URL {
        URL(fileURLWithPath: variables[name] ?? root.path, isDirectory: true)
    }
}
