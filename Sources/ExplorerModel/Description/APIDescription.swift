import Foundation

/// The resources a Swagger 2.0 or OpenAPI 3.0/3.1 document describes, for an API with no index at
/// its root: a collection is a `GET` path with no path parameter whose `200` answer is an array, or
/// an object holding one (its member named in `listMember`); its items are the same path plus one
/// parameter (`/films/{id}`), when the document has that `GET`. A query parameter of the
/// collection named `name`, `search` or `q` is its search. The servers are the document's
/// (`servers`, or 2.0's `schemes`, `host` and `basePath`), used only when no base URL is given.
/// A value; thread-safe.
public struct APIDescription: Sendable, Hashable {
    /// One resource the document describes.
    public struct Resource: Sendable, Hashable {
        /// The collection path's last segment (`films`).
        public let name: String
        /// The collection's path as written (`/films`).
        public let collectionPath: String
        /// The item's path as written (`/films/{id}`), when the document has it.
        public let itemPath: String?
        /// The member of the collection's answer that holds the list (nil: the answer is the array).
        public let listMember: String?
        /// The query parameter that searches the collection, if any.
        public let searchParameter: String?
    }

    public let resources: [Resource]
    /// The base URLs the document names, in order (may be relative to where it was read).
    public let servers: [String]

    /// The description in `text` (JSON or YAML), or why it is not one.
    public static func parse(_ text: String) -> Result<APIDescription, DescriptionProblem> {
        let trimmed = text.drop { $0.isWhitespace }
        let tree: Result<JSONNode, DescriptionProblem> =
            trimmed.hasPrefix("{")
            ? Result { () throws(JSONParseError) -> JSONNode in try JSONParser.parse(text) }.mapError { DescriptionProblem("\($0)") }
            : YAMLTree.parse(text)
        return tree.flatMap(read)
    }

    /// The description `document` is, or why it is not one.
    public static func read(_ document: JSONNode) -> Result<APIDescription, DescriptionProblem> {
        guard let root = document.object else { return .failure(DescriptionProblem("the document is not an object")) }
        let version: DocumentVersion
        if root["swagger"]?.string == "2.0" {
            version = .swagger2
        } else if let openapi = root["openapi"]?.string, openapi.hasPrefix("3.") {
            version = .openAPI3
        } else {
            return .failure(DescriptionProblem("not a Swagger 2.0 or OpenAPI 3.x document (no \"swagger: 2.0\" or \"openapi: 3.…\")"))
        }
        guard let paths = root["paths"]?.object else { return .failure(DescriptionProblem("the document has no paths")) }
        let reader = DescriptionReader(root: root, version: version)
        var resources: [Resource] = []
        for member in paths.members where !member.key.contains("{") {
            guard let path = member.value.object, let get = reader.resolved(path["get"])?.object,
                let list = reader.listShape(of: get)
            else { continue }
            let parameters = reader.parameters(of: get, path: path)
            let itemPath = paths.members.first { candidate in
                candidate.key.hasPrefix(member.key.hasSuffix("/") ? member.key : member.key + "/")
                    && Self.isOneParameter(candidate.key.dropFirst(member.key.count).trimmingCharacters(in: ["/"]))
                    && candidate.value.object?["get"] != nil
            }?.key
            let name = member.key.split(separator: "/").last.map(String.init) ?? member.key
            resources.append(
                Resource(
                    name: name, collectionPath: member.key, itemPath: itemPath,
                    listMember: { if case .member(let key) = list { key } else { nil } }(),
                    searchParameter: ["name", "search", "q"].first { wanted in
                        parameters.contains { $0.name == wanted && $0.place == "query" }
                    }))
        }
        guard !resources.isEmpty else {
            return .failure(DescriptionProblem("no collection in the document's paths (a GET with no path parameter answering a list)"))
        }
        return .success(APIDescription(resources: resources, servers: reader.servers))
    }

    /// Whether `segment` is one path parameter (`{id}`).
    private static func isOneParameter(_ segment: String) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}") && !segment.dropFirst().dropLast().contains(where: { "{}/".contains($0) })
    }
}

/// Which kind of document is read.
enum DocumentVersion {
    case swagger2
    case openAPI3
}
