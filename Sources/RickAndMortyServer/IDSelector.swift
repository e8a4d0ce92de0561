import Foundation

/// What the `{id}` segment of `/api/<collection>/{id}` asks for, parsed like the API does.
///
/// `7` is one id; `1,2,3` and `[1, 2, 3]` are lists; `abc` is a bad id; `[1,2` and `[]` are bad
/// arrays. In a comma list, elements that are not integers are skipped; in a bracketed list, any
/// element that is not a number makes the array bad. A value type, thread-safe.
public enum IDSelector: Sendable, Hashable {
    /// One id (may not exist).
    case single(Int)
    /// Several ids, as written (duplicates and missing ids are dealt with when answering).
    case list([Int])
    /// Not an id: answered `500 Hey! you must provide an id`.
    case badID
    /// A malformed array: answered `500 Bad... bad array :/`.
    case badArray

    /// Parses an already percent-decoded path segment.
    public init(_ segment: String) {
        if let open = segment.firstIndex(of: "["), segment.hasSuffix("]"),
            segment.distance(from: open, to: segment.endIndex) > 2
        {
            // Like the API: the whole segment must then be a JSON array of numbers.
            self = segment[..<open].allSatisfy(\.isWhitespace) ? Self.bracketed(segment[open...]) : .badArray
        } else if segment.contains(","), !segment.contains("["), !segment.contains("]"), segment.count > 1 {
            self = .list(
                segment.split(separator: ",", omittingEmptySubsequences: false).compactMap(Self.integer))
        } else if segment.contains("[") || segment.contains("]") {
            self = .badArray
        } else if let id = Self.integer(Substring(segment)) {
            self = .single(id)
        } else {
            self = .badID
        }
    }

    /// `[…]`: numbers separated by commas; `[ ]` is an empty list.
    private static func bracketed(_ text: Substring) -> IDSelector {
        let inner = text.dropFirst().dropLast()
        if inner.allSatisfy(\.isWhitespace) { return .list([]) }
        var ids: [Int] = []
        for element in inner.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = element.trimmingCharacters(in: .whitespaces)
            if let id = Int(trimmed) {
                ids.append(id)
            } else if !isJSONNumber(trimmed) {
                return .badArray
            }  // a non-integer number is valid JSON but names no record
        }
        return .list(ids)
    }

    /// True for text shaped like a JSON number (`1.5`, `-2e3`).
    private static func isJSONNumber(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { "0123456789+-.eE".contains($0) } && Double(text) != nil
    }

    /// A whole, optionally signed, integer with surrounding spaces allowed.
    private static func integer(_ text: Substring) -> Int? {
        Int(text.trimmingCharacters(in: .whitespaces))
    }
}
