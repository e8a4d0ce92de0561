/// Reads a profile from its JSON (docs/profiles.md): an object with an optional `order` (an array
/// of resource names) and `resources` (an object of resource names to objects with `columns`,
/// `title`, `image`, `search`, `filters` and `batch`); a column is a field path or an object with `field`, `label` and
/// `width`. Anything else is a `ProfileProblem` naming the field. Stateless.
public enum ProfileReader {
    /// The profile `bytes` hold, named `name`.
    public static func read(_ bytes: [UInt8], name: String) -> Result<ExplorerProfile, ProfileProblem> {
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            return .failure(ProfileProblem(field: "", "is \(error.description)"))
        }
        do throws(ProfileProblem) {
            return .success(try profile(node, name: name))
        } catch {
            return .failure(error)
        }
    }

    /// The profile `text` holds, named `name`.
    public static func read(_ text: String, name: String) -> Result<ExplorerProfile, ProfileProblem> {
        read(Array(text.utf8), name: name)
    }

    static func profile(_ node: JSONNode, name: String) throws(ProfileProblem) -> ExplorerProfile {
        let top = try object(node, at: "", known: ["order", "resources"])
        var order: [String] = []
        if let given = top["order"] {
            guard let items = given.array else { throw expected("order", "an array of resource names", given) }
            for (index, item) in items.enumerated() {
                guard let text = item.string, !text.isEmpty else {
                    throw expected("order[\(index)]", "a resource name (a string)", item)
                }
                order.append(text)
            }
        }
        var resources: [String: ResourceProfile] = [:]
        if let given = top["resources"] {
            guard let members = given.object?.members else {
                throw expected("resources", "an object of resource names to their settings", given)
            }
            for member in members {
                resources[member.key] = try resource(member.value, at: "resources.\(member.key)")
            }
        }
        return ExplorerProfile(name: name, order: order, resources: resources)
    }

    static func resource(_ node: JSONNode, at place: String) throws(ProfileProblem) -> ResourceProfile {
        let settings = try object(node, at: place, known: ["columns", "title", "image", "search", "filters", "batch"])
        var columns: [ProfileColumn] = []
        if let given = settings["columns"] {
            guard let items = given.array else { throw expected("\(place).columns", "an array of columns", given) }
            for (index, item) in items.enumerated() {
                columns.append(try column(item, at: "\(place).columns[\(index)]"))
            }
        }
        let search: ResourceProfile.Search
        switch settings["search"] {
        case nil: search = .asFound
        case .null?: search = .none
        case .string(let parameter)? where !parameter.isEmpty: search = .parameter(parameter)
        case let other?:
            throw expected("\(place).search", "a query parameter's name (a string) or null (no search)", other)
        }
        var batch: Int?
        if let given = settings["batch"] {
            guard let number = given.integer, (2...200).contains(number) else {
                throw expected("\(place).batch", "a whole number of ids from 2 to 200", given)
            }
            batch = number
        }
        var filters: [String] = []
        if let given = settings["filters"] {
            guard let items = given.array else { throw expected("\(place).filters", "an array of query parameters", given) }
            for (index, item) in items.enumerated() {
                guard let name = item.string, !name.isEmpty, !name.contains(where: { $0 == "=" || $0 == " " }) else {
                    throw expected("\(place).filters[\(index)]", "a query parameter's name (a string)", item)
                }
                filters.append(name)
            }
        }
        return ResourceProfile(
            columns: columns, title: try path(settings["title"], at: "\(place).title"),
            image: try path(settings["image"], at: "\(place).image"), search: search, batch: batch, filters: filters)
    }

    static func column(_ node: JSONNode, at place: String) throws(ProfileProblem) -> ProfileColumn {
        if case .string = node, let field = try path(node, at: place) { return ProfileColumn(field: field) }
        guard case .object = node else {
            throw expected(place, "a field path (\"birth_year\", \"types[].type.name\") or an object with field", node)
        }
        let settings = try object(node, at: place, known: ["field", "label", "width"])
        guard let field = try path(settings["field"], at: "\(place).field") else {
            throw ProfileProblem(field: place, "needs a field (a field path such as \"birth_year\")")
        }
        var label: String?
        if let given = settings["label"] {
            guard let text = given.string else { throw expected("\(place).label", "a string", given) }
            label = text
        }
        var width: Int?
        if let given = settings["width"] {
            guard let number = given.integer, (1...200).contains(number) else {
                throw expected("\(place).width", "a whole number of cells from 1 to 200", given)
            }
            width = number
        }
        return ProfileColumn(field: field, label: label, width: width)
    }

    /// The field path `node` writes (nil when absent).
    static func path(_ node: JSONNode?, at place: String) throws(ProfileProblem) -> FieldPath? {
        guard let node else { return nil }
        guard let text = node.string, let path = FieldPath(text) else {
            throw expected(place, "a field path such as \"name\", \"sprites.front_default\" or \"types[].type.name\"", node)
        }
        return path
    }

    /// `node` as an object whose keys are all `known`.
    static func object(_ node: JSONNode, at place: String, known: [String]) throws(ProfileProblem) -> JSONObject {
        guard let object = node.object else { throw expected(place, "an object", node) }
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
            throw ProfileProblem(field: place, "has \"\(unknown)\", which is not one of \(list)")
        }
        return object
    }

    /// "`place` must be `what`, not `found`".
    static func expected(_ place: String, _ what: String, _ found: JSONNode) -> ProfileProblem {
        ProfileProblem(field: place, "must be \(what), not \(shown(found))")
    }

    /// A value as a problem names it: `12`, `"x"`, `an object`, `an array`, `null`.
    static func shown(_ node: JSONNode) -> String {
        switch node {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): "\"\(text.prefix(40))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
