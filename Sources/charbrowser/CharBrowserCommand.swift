import ArgumentParser

/// The `charbrowser` command: one subcommand per job. A value parsed from the command line.
///
/// `browse` is the default: `charbrowser --headless …` is `charbrowser browse --headless …`.
struct CharBrowserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "charbrowser",
        abstract: "Browse the characters of Rick and Morty, or serve the API they come from.",
        discussion: """
            With no subcommand, charbrowser browses (the flags of `browse` work directly):

              charbrowser                          the embedded server with the sample in Assets/
              charbrowser --api https://rickandmortyapi.com/api
              charbrowser --cache-dir DIR | --no-disk-cache | --ttl SECONDS
              charbrowser --headless --size 100x30 --keys "j j enter r q" [--frames] [--events FILE|-]
              charbrowser serve --port 8080 [--data DIR] [--synthetic N] [--latency MS] [--error-rate X]

            Navigation reads localFirst (cacheSync); r refreshes remoteFirst (mainSync); the status
            pane says which data source answered. See `charbrowser browse --help` and
            `charbrowser serve --help` for every flag, and docs/keys.md for every key.
            """,
        subcommands: [BrowseCommand.self, ServeCommand.self], defaultSubcommand: BrowseCommand.self)
}
