// A child process for PersistentCache's crash-safety and multi-process tests.
//
//     CacheStressWriter <database-path> <key-prefix> <count> [--payload-bytes N] [--read-back]
//
// Writes `count` entries `<key-prefix>-<n>` (namespace `stress`, one transaction each) and prints
// `committed <key>` on stdout after each commit returned, unbuffered, so a parent that kills this
// process knows which writes were committed. With `--read-back` it reads back every key it wrote
// and an earlier one, and fails on any difference. Errors go to stderr with a non-zero exit code;
// `done` is printed at the end.
import Foundation
import PersistentCache
import RepositoryCore

/// The deterministic payload of `key`: its bytes repeated up to `size` bytes.
func payload(for key: String, size: Int) -> Data {
    let pattern = Array("\(key);".utf8)
    return Data((0..<max(size, 1)).map { pattern[$0 % pattern.count] })
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(code)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let count = Int(arguments[2]) else {
    fail(
        "usage: CacheStressWriter <database-path> <key-prefix> <count> [--payload-bytes N] [--read-back]",
        code: 64)
}
let path = arguments[0]
let prefix = arguments[1]
let readBack = arguments.contains("--read-back")
let payloadBytes =
    arguments.firstIndex(of: "--payload-bytes").flatMap { index in
        arguments.indices.contains(index + 1) ? Int(arguments[index + 1]) : nil
    } ?? 256

do {
    let database = try CacheDatabase(
        location: .file(URL(fileURLWithPath: path)), options: CacheDatabase.Options(busyTimeout: .seconds(20))
    )
    if let recovery = database.recovery {
        fail("the database was recovered at open: \(recovery)", code: 3)
    }
    let source = SQLiteDataSource(database: database, namespace: "stress", codec: DataPayloadCodec())
    for index in 0..<count {
        let key = "\(prefix)-\(index)"
        let bytes = payload(for: key, size: payloadBytes)
        try await source.put(
            Entry(
                value: bytes, metadata: EntryMetadata(storedAt: Date(), etag: "\"\(index)\""),
                origin: .network),
            for: .key(key))
        say("committed \(key)")
        if readBack {
            let earlier = "\(prefix)-\(index / 2)"
            for checked in [key, earlier] {
                let read = try await source.get(.key(checked))
                if read.value != payload(for: checked, size: payloadBytes) {
                    fail("read back a different payload for \(checked)", code: 2)
                }
            }
        }
    }
    say("done")
} catch {
    fail("\(error)", code: 1)
}
