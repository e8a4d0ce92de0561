import Foundation

/// An HTTP `Link` header (RFC 8288) read for its targets by relation: `<https://…?page=2>;
/// rel="next", <…>; rel="last"`. Stateless; thread-safe.
public enum LinkHeader {
    /// The target of the first link whose `rel` names `relation` (compared without case; a `rel`
    /// may name several, space-separated), resolved against `base`.
    public static func target(of relation: String, in header: String, base: URL) -> URL? {
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let target = rest[rest.index(after: open)..<close]
            let parametersEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
            let parameters = rest[rest.index(after: close)..<parametersEnd]
            if names(relation, parameters) { return URL(string: String(target), relativeTo: base)?.absoluteURL }
            rest = rest[parametersEnd...]
        }
        return nil
    }

    /// Whether the parameters `;rel="a b"` name `relation`.
    private static func names(_ relation: String, _ parameters: Substring) -> Bool {
        for parameter in parameters.split(separator: ";") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\","))
            if value.split(separator: " ").contains(where: { $0.lowercased() == relation.lowercased() }) { return true }
        }
        return false
    }
}
