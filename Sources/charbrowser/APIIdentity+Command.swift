import CharacterData
import Foundation
import RickAndMortyServer

extension BrowseCommand {
    /// The identity of the API this run browses: `--api`'s URL, `--data`'s dump by its content,
    /// `--synthetic`'s count (seed 1, as the embedded server generates it), else the sample.
    func apiIdentity(baseURL: URL) throws -> APIIdentity {
        try embeddedIdentity() ?? .remote(baseURL)
    }

    /// What the embedded server serves (`--data`'s dump by its content, `--synthetic`'s count, the
    /// sample), or nil with `--api` (no embedded server).
    func embeddedIdentity() throws -> APIIdentity? {
        if api != nil { return nil }
        if let data { return try Self.dumpIdentity(folder: URL(fileURLWithPath: data, isDirectory: true)) }
        if let synthetic { return .synthetic(count: synthetic, seed: 1) }
        return .sample
    }

    /// The identity of the dump in `folder`, from the bytes of its three files.
    static func dumpIdentity(folder: URL) throws -> APIIdentity {
        let names = Dataset.fileNames
        let contents = try [names.characters, names.locations, names.episodes].map {
            try Data(contentsOf: folder.appendingPathComponent($0))
        }
        return .dump(contents: contents, folder: folder.standardizedFileURL.path)
    }
}
