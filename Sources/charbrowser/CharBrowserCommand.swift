import ArgumentParser

/// The `charbrowser` command: one subcommand per job. A value parsed from the command line.
///
/// `browse` is the default: `charbrowser --headless …` is `charbrowser browse --headless …`.
struct CharBrowserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "charbrowser",
        abstract: "Browse the characters of Rick and Morty, or any JSON API, or serve one.",
        discussion: """
            With no subcommand, charbrowser browses; the flags of `browse` work directly:

              charbrowser                    (embedded server, sample data)
              charbrowser --api https://rickandmortyapi.com/api
              charbrowser --api URL [--openapi FILE|URL] [--open RESOURCE/ID]
              charbrowser --cache-dir DIR --ttl SECONDS
              charbrowser --no-disk-cache
              charbrowser --headless --size 100x30 --keys "j enter r q"
              charbrowser serve --port 8080 --data DIR
              charbrowser reset-server-state   (discard the embedded server's kept writes)

            Navigation reads localFirst (cacheSync); r refreshes remoteFirst (mainSync); the \
            status pane says which data source answered. `charbrowser browse --help` and \
            `charbrowser serve --help` list every flag; docs/keys.md lists every key.
            """,
        version: CharBrowserVersion.text,
        subcommands: [BrowseCommand.self, ServeCommand.self, CacheCommand.self, ResetServerStateCommand.self],
        defaultSubcommand: BrowseCommand.self)
}
