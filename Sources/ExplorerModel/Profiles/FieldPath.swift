/// A field of an entity named by its path: members by name joined with dots, an array's element
/// by its index (`types[0].type.name`) or every element (`types[].type.name`). Reads the values
/// there and writes them as one short text. A value; thread-safe.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Step: Sendable, Hashable {
        /// An object's member.
        case member(String)
        /// An array's element at this index.
        case element(Int)
        /// Every element of an array.
        case everyElement
    }

    public let steps: [Step]
    /// The path as written.
    public let description: String

    /// The path `text` writes, or nil when it is not one (empty, an empty name, a bracket that is
    /// neither `[]` nor `[N]`).
    public init?(_ text: String) {
        var steps: [Step] = []
        // Brackets hold no dots: each part between dots is a name and its brackets (`types[0]`).
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            let open = part.firstIndex(of: "[") ?? part.endIndex
            let name = part[..<open]
            guard !name.isEmpty, !name.contains("]") else { return nil }
            steps.append(.member(String(name)))
            var rest = part[open...]
            while !rest.isEmpty {
                guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if inside.isEmpty {
                    steps.append(.everyElement)
                } else if let number = Int(inside), number >= 0 {
                    steps.append(.element(number))
                } else {
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            }
        }
        self.steps = steps
        description = text
    }

    /// The values at the path in `node` (several past `[]`, none when a step is missing).
    public func values(in node: JSONNode) -> [JSONNode] {
        var current = [node]
        for step in steps {
            current = current.flatMap { node -> [JSONNode] in
                switch step {
                case .member(let name): node[name].map { [$0] } ?? []
                case .element(let index): node.array.flatMap { $0.indices.contains(index) ? [$0[index]] : nil } ?? []
                case .everyElement: node.array ?? []
                }
            }
        }
        return current
    }

    /// The value at the path in `object` as one short text, nil when there is none: a string as it
    /// is, a number or a literal as written, a reference (`{name, url}`) by its name, an array (or
    /// the values past `[]`) as its members' texts joined with `, `, another object as `{N}`.
    public func text(in object: JSONObject) -> String? {
        let found = values(in: .object(object))
        let texts = found.compactMap(Self.text(of:))
        if steps.contains(.everyElement) { return found.isEmpty ? nil : texts.joined(separator: ", ") }
        return texts.first
    }

    /// One value's short text (see `text(in:)`).
    static func text(of node: JSONNode) -> String? {
        switch node {
        case .null: nil
        case .bool(let value): value ? "true" : "false"
        case .number(let text), .string(let text): text
        case .array(let items): items.compactMap(text(of:)).joined(separator: ", ")
        case .object(let object): object["name"]?.string ?? object["title"]?.string ?? "{\(object.members.count)}"
        }
    }
}
