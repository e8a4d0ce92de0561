import ExplorerModel
import Foundation

/// `--profile FILE` read: the profile it holds, or one sentence naming the file, the field and
/// what was expected (exit 2). Stateless.
enum ProfileFile {
    /// The profile in the file at `path`, named by the file's name.
    static func load(_ path: String) throws(ValidationFailure) -> ExplorerProfile {
        let url = URL(fileURLWithPath: path)
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            throw ValidationFailure("--profile \(path) cannot be read: \((error as NSError).localizedDescription)")
        }
        switch ProfileReader.read([UInt8](bytes), name: url.lastPathComponent) {
        case .success(let profile): return profile
        case .failure(let problem): throw ValidationFailure(problem.sentence(file: path))
        }
    }
}
