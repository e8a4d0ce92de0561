/// Reads the parts of an API description the explorer needs, following local `$ref`s
/// (`#/definitions/…`, `#/components/schemas/…`, `#/parameters/…`) at most 16 deep. A value.
struct DescriptionReader {
    let root: JSONObject
    let version: DocumentVersion

    /// A parameter: its name and where it goes (`query`, `path`, …).
    struct Parameter: Hashable {
        let name: String
        let place: String
    }

    /// `node`, its `$ref` followed when it is one (nil when the reference leads nowhere).
    func resolved(_ node: JSONNode?, depth: Int = 0) -> JSONNode? {
        guard let node else { return nil }
        guard let reference = node["$ref"]?.string else { return node }
        guard depth < 16, reference.hasPrefix("#/") else { return nil }
        var target: JSONNode? = .object(root)
        for part in reference.dropFirst(2).split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            target = target?[key]
        }
        return resolved(target, depth: depth + 1)
    }

    /// Where the list is in an answer.
    enum ListShape: Hashable {
        /// The answer is the array.
        case whole
        /// The answer is an object whose member holds the array.
        case member(String)
    }

    /// The list a `GET` answers with `200`: the answer itself (an array), or the member of an
    /// object that is an array. Nil when it answers no list.
    func listShape(of get: JSONObject) -> ListShape? {
        guard let ok = resolved(get["responses"]?["200"]) else { return nil }
        let schema: JSONNode?
        switch version {
        case .swagger2:
            schema = ok["schema"]
        case .openAPI3:
            let content = ok["content"]?.object
            schema = (content?["application/json"] ?? content?.members.first { $0.key.contains("json") }?.value)?["schema"]
        }
        guard let schema = resolved(schema) else { return nil }
        if schema["type"]?.string == "array" { return .whole }
        for property in resolved(schema["properties"])?.object?.members ?? [] where resolved(property.value)?["type"]?.string == "array" {
            return .member(property.key)
        }
        return nil
    }

    /// The parameters of an operation and of its path, references followed.
    func parameters(of operation: JSONObject, path: JSONObject) -> [Parameter] {
        let all = (operation["parameters"]?.array ?? []) + (path["parameters"]?.array ?? [])
        return all.compactMap { node in
            guard let parameter = resolved(node), let name = parameter["name"]?.string, let place = parameter["in"]?.string
            else { return nil }
            return Parameter(name: name, place: place)
        }
    }

    /// The base URLs: 3.x `servers[].url`; 2.0 `schemes`, `host` and `basePath`.
    var servers: [String] {
        switch version {
        case .openAPI3:
            return (root["servers"]?.array ?? []).compactMap { $0["url"]?.string }
        case .swagger2:
            guard let host = root["host"]?.string else { return root["basePath"]?.string.map { [$0] } ?? [] }
            let base = root["basePath"]?.string ?? ""
            let schemes = root["schemes"]?.array?.compactMap(\.string) ?? ["https"]
            return schemes.map { "\($0)://\(host)\(base)" }
        }
    }
}
