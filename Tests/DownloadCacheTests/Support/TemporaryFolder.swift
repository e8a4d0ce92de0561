import Foundation

/// A fresh folder under the system temporary folder, removed when the test's body returns.
func withTemporaryFolder<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("download-cache-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// Every path below `folder`, relative to it, sorted (hidden files included).
func relativePaths(under folder: URL) -> [String] {
    let root = folder.standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }.sorted()
}

/// The POSIX permission bits of `file`.
func permissions(of file: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// Writes `text` to `name` inside `folder` and returns the file.
func writeFile(_ text: String, named name: String, in folder: URL) throws -> URL {
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
}

/// The text of `file`.
func contents(of file: URL) throws -> String {
    String(decoding: try Data(contentsOf: file), as: UTF8.self)
}
