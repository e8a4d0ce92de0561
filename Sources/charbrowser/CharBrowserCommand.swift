import ArgumentParser

/// The `charbrowser` command: one subcommand per job. A value parsed from the command line.
///
/// Only `serve` exists so far; the browser will become another subcommand (and then the default
/// one). Until then, `charbrowser` with no subcommand prints this help.
struct CharBrowserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "charbrowser",
        abstract: "Browse the characters of Rick and Morty, or serve the API they come from.",
        subcommands: [ServeCommand.self])
}
