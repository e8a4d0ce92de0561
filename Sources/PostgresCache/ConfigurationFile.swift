import Foundation

/// Reads a file the shared tier's configuration names (a certificate, a key); a missing file, a
/// folder or an unreadable file is an error naming the file and its `role`. Stateless.
enum ConfigurationFile {
    static func contents(_ path: String, role: String) throws(PostgresCacheLocationError) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw PostgresCacheLocationError(text: path, problem: "\(role): no such file", isURL: false)
        }
        guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw PostgresCacheLocationError(text: path, problem: "\(role): the file cannot be read", isURL: false)
        }
        return data
    }
}
