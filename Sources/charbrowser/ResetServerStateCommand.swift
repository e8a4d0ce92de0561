import ArgumentParser
import Foundation

/// `charbrowser reset-server-state`: discards the writes the embedded server kept (edits and
/// deletions of characters), so it serves its data as shipped again. A parsed value.
struct ResetServerStateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-server-state",
        abstract:
            "Discard the writes the embedded server kept, to start over from the data as shipped; asks first unless --yes (refuses without a terminal).",
        discussion: """
            The browser's embedded server keeps the writes it accepts (edits, deletions) in \
            $XDG_DATA_HOME/charbrowser/embedded-server-<served data>.json (else \
            ~/.local/share/charbrowser/). Without --server-state this removes every such file: the \
            writes kept for the sample, for each dump and for synthetic data. It says what each \
            file held. Quit the browser first (a running one saves its writes again at its next \
            write). The disk cache is left alone: it shows the old values until it reads them \
            again (r, or once they are stale; `charbrowser cache purge` empties it).
            """)

    @Option(
        name: .customLong("server-state"),
        help: ArgumentHelp(
            "Remove this file only: the one given to the browser's --server-state.", valueName: "FILE"))
    var serverState: String?

    @Flag(help: "Do not ask.")
    var yes = false

    func run() async throws {
        try await CacheRun.perform {
            let environment = ProcessInfo.processInfo.environment
            let files = try chosenFiles(environment: environment)
            guard !files.isEmpty else {
                let place = serverState ?? EmbeddedServerState.defaultFolder(environment: environment).path
                Console.out("Nothing to remove: the embedded server keeps no writes in \(place).\n")
                return
            }
            let kept = files.map(KeptServerWrites.init(file:))
            if !yes { try confirm(kept) }
            for writes in kept {
                do {
                    try FileManager.default.removeItem(at: writes.file)
                } catch {
                    throw CacheCommandFailure("\(writes.file.path): \(error.localizedDescription)")
                }
                Console.out("Removed \(writes.file.path): \(writes.summary).\n")
            }
        }
    }

    /// `--server-state`'s file when it exists, else every default file that exists.
    private func chosenFiles(environment: [String: String]) throws -> [URL] {
        guard let serverState else { return EmbeddedServerState.defaultFiles(environment: environment) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: serverState, isDirectory: &isFolder) else { return [] }
        guard !isFolder.boolValue else {
            throw CacheCommandFailure("\(serverState) is a folder, not a state file")
        }
        return [URL(fileURLWithPath: serverState, isDirectory: false)]
    }

    /// Asks y/N on a terminal; without one, or without an answer, refuses.
    private func confirm(_ kept: [KeptServerWrites]) throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw CacheCommandFailure("reset-server-state asks first; without a terminal, pass --yes")
        }
        let list = kept.map { "  \($0.file.path): \($0.summary)\n" }.joined()
        Console.out("Remove the embedded server's kept writes?\n\(list)[y/N] ")
        guard let line = readLine() else {
            throw CacheCommandFailure("no answer: nothing removed (pass --yes not to be asked)")
        }
        let reply = line.trimmingCharacters(in: .whitespaces).lowercased()
        guard reply == "y" || reply == "yes" else { throw CacheCommandFailure("nothing removed") }
    }
}
