/// Why a dataset could not be loaded; each case names the file or folder involved. Thread-safe value.
public enum DatasetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A required file (`characters.json`, …) is missing from the folder.
    case missingFile(path: String)
    /// A file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// A file is not a JSON array of records in the API's format.
    case malformed(path: String, reason: String)
    /// Two records of one collection share an id.
    case duplicateIDs(folder: String, ids: [String])
    /// No sample folder was found in any of the places searched.
    case sampleNotFound(searched: [String])
    /// A synthetic dataset was asked for with a negative size.
    case invalidSize(Int)
    /// A synthetic dataset was asked for with more characters than it can number.
    case tooLarge(Int, maximum: Int)

    public var description: String {
        switch self {
        case .missingFile(let path): "missing data file \(path)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .malformed(let path, let reason): "\(path) is not in the API's format: \(reason)"
        case .duplicateIDs(let folder, let ids):
            "duplicate ids in \(folder): \(ids.prefix(5).joined(separator: ", "))\(ids.count > 5 ? ", …" : "")"
        case .sampleNotFound(let searched):
            "sample data not found; set CHARBROWSER_ASSETS or pass --data (searched: \(searched.joined(separator: ", ")))"
        case .invalidSize(let size): "a synthetic dataset needs a size of 0 or more, not \(size)"
        case .tooLarge(let size, let maximum):
            "a synthetic dataset holds at most \(maximum) characters, not \(size)"
        }
    }
}
