import Foundation

/// One file of the mirrored folder, read and parsed: its bytes (served as written) and its parsed
/// value (read for its structure while loading, then dropped). Not `Sendable`: it lives only
/// while the folder loads.
struct LoadedJSON {
    /// The file's bytes.
    let bytes: [UInt8]
    /// What `JSONSerialization` made of them.
    let value: Any

    /// Reads and parses `url`; the problem names the file as `name` (relative to the folder).
    static func read(_ url: URL, named name: String) -> Result<LoadedJSON, FileProblem> {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failure(FileProblem(file: name, reason: "cannot be read (\(error.localizedDescription))"))
        }
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return .failure(FileProblem(file: name, reason: "is not JSON"))
        }
        return .success(LoadedJSON(bytes: Array(data), value: value))
    }

    /// The value as an object, if it is one.
    var object: [String: Any]? { value as? [String: Any] }
}
