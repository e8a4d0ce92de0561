// A child process for the end-to-end test of writes killed in flight: a character repository
// with a cache file (its outbox), over the API at API_URL, doing what the browser does with edits.
//
//   WriteSender keep CACHE_DIR API_URL ID…   reads each ID online, then, offline, keeps a rename
//                                            of each (`Sent <ID>`) in the write store; prints
//                                            `kept <ID> <NUMBER>` per write, then `done`.
//   WriteSender send CACHE_DIR API_URL       sends the kept writes in order (`sendKeptWrites`);
//                                            prints `applied <ID> <NAME>` or `<result>` per
//                                            write, then `done`.
// Exits 1 with a message on standard error when anything fails.
import CharacterData
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("WriteSender: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let apiURL = URL(string: arguments[3]) else {
    fail("usage: WriteSender keep|send CACHE_DIR API_URL [ID…]")
}
let networkSwitch = NetworkSwitch()
let database: CacheDatabase
do {
    database = try CacheDatabase(
        location: .file(URL(fileURLWithPath: arguments[2], isDirectory: true).appendingPathComponent("cache.sqlite")))
} catch {
    fail("\(error)")
}
let repository = CharacterRepository(
    api: RemoteAPI(
        configuration: RemoteAPIConfiguration(baseURL: apiURL, timeout: .seconds(120)), networkSwitch: networkSwitch),
    database: database, configuration: CharacterRepositoryConfiguration(api: .remote(apiURL)))

switch arguments[1] {
case "keep":
    let ids = arguments.dropFirst(4).compactMap { Int($0) }
    var fields: [Int: CharacterFields] = [:]
    for id in ids {
        do {
            fields[id] = CharacterFields(of: try await repository.character(id: id, policy: .localFirst).value)
        } catch {
            fail("reading \(id): \(error)")
        }
    }
    networkSwitch.setOnline(false)
    for id in ids {
        guard var renamed = fields[id] else { fail("no fields of \(id)") }
        renamed.name = "Sent \(id)"
        do {
            let event = try await repository.edit(id, to: renamed, queueing: true)
            guard !event.outcome.isFinal, event.sequence > 0 else { fail("the edit of \(id) was not kept: \(event)") }
            say("kept \(id) \(event.sequence)")
        } catch {
            fail("the edit of \(id) was not kept: \(error)")
        }
    }
case "send":
    for report in await repository.sendKeptWrites() {
        switch report.event.outcome {
        case .applied, .confirmed:
            guard let id = repository.characterID(of: report.event.entity),
                let character = try? await repository.character(id: id, policy: .localFirst).value
            else { fail("\(report.event.entity) applied but not readable") }
            say("applied \(id) \(character.name)")
        default:
            say("\(report.event.outcome.summary) \(report.event.entity)")
        }
    }
default:
    fail("unknown mode \(arguments[1])")
}
try? await database.close()
say("done")
