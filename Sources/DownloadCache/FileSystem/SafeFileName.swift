import Foundation

/// Maps any cache key to a file name that stays inside its folder: a readable prefix of the key's
/// letters, digits, `-` and `_` (everything else becomes `_`), then the key's SHA-256.
///
/// The name never contains `/`, NUL or a leading `.`, never equals `.` or `..`, is at most
/// 105 bytes long, and is the same in every process run. `../` in a key is data, not a path.
enum SafeFileName {
    /// How many characters of the key the readable prefix keeps.
    static let readablePrefixLimit = 40

    /// The file name for `key`.
    static func make(for key: String) -> String {
        let prefix = String(key.unicodeScalars.prefix(readablePrefixLimit).map(readableCharacter))
        let hash = SHA256.hexDigest(Array(key.utf8))
        return prefix.isEmpty ? hash : prefix + "-" + hash
    }

    /// The file for `key` in `directory`, or nil if the resolved path would leave the folder.
    static func file(for key: String, in directory: URL) -> URL? {
        let name = make(for: key)
        let folder = directory.standardizedFileURL
        let file = folder.appendingPathComponent(name, isDirectory: false).standardizedFileURL
        guard file.deletingLastPathComponent().path == folder.path, file.lastPathComponent == name else {
            return nil
        }
        return file
    }

    private static func readableCharacter(_ scalar: Unicode.Scalar) -> Character {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": Character(scalar)
        default: "_"
        }
    }
}
