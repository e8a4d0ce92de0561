import ArgumentParser

/// The `charbrowser` command: one subcommand per job. A value parsed from the command line.
///
/// `browse` is the default: `charbrowser --headless …` is `charbrowser browse --headless …`.
struct CharBrowserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "charbrowser",
        abstract: "Browse the characters of Rick and Morty, or serve the API they come from.",
        subcommands: [BrowseCommand.self, ServeCommand.self], defaultSubcommand: BrowseCommand.self)
}
