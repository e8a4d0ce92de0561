import Foundation

/// What one file of the embedded server's kept writes holds, as `reset-server-state` reports it:
/// how many characters it edited and deleted. A value.
struct KeptServerWrites {
    /// The file.
    let file: URL
    /// The characters edited and deleted, or nil when the file is not the server's JSON.
    let counts: (edited: Int, deleted: Int)?

    /// The fields of the file this reads (the server keeps more: the answers given to writes).
    private struct Contents: Decodable {
        var edited: [String: AnyField]?
        var deleted: [Int]?
    }

    /// Any JSON value, decoded only to be counted.
    private struct AnyField: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Reads `file` (which exists).
    init(file: URL) {
        self.file = file
        let contents = try? JSONDecoder().decode(Contents.self, from: Data(contentsOf: file))
        counts = contents.map { ($0.edited?.count ?? 0, $0.deleted?.count ?? 0) }
    }

    /// `1 edited character, 2 deleted characters`, or why the counts are unknown.
    var summary: String {
        guard let counts else { return "not the embedded server's writes (unreadable)" }
        func count(_ number: Int, _ what: String) -> String {
            "\(number) \(what) character\(number == 1 ? "" : "s")"
        }
        return count(counts.edited, "edited") + ", " + count(counts.deleted, "deleted")
    }

}
