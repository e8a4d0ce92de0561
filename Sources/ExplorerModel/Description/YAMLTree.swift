import Yams

/// A YAML document read into the same tree as JSON (`JSONNode`): mappings keep their order,
/// scalars become strings, numbers, booleans or null by YAML's core schema, aliases are followed.
/// So an API description in YAML or JSON is read by one reader. Stateless; thread-safe.
public enum YAMLTree {
    /// The tree of the first document in `text`, or why it is not YAML (a sentence with the line).
    public static func parse(_ text: String) -> Result<JSONNode, DescriptionProblem> {
        do {
            guard let root = try Yams.compose(yaml: text) else { return .failure(DescriptionProblem("the YAML document is empty")) }
            return .success(tree(root, depth: 0))
        } catch {
            return .failure(DescriptionProblem("not YAML: \(error)"))
        }
    }

    private static func tree(_ node: Node, depth: Int) -> JSONNode {
        guard depth < JSONParser.maximumDepth else { return .null }
        switch node {
        case .mapping(let mapping):
            return .object(JSONObject(mapping.map { pair in JSONMember(pair.key.string ?? "\(pair.key)", tree(pair.value, depth: depth + 1)) }))
        case .sequence(let sequence):
            return .array(sequence.map { tree($0, depth: depth + 1) })
        case .scalar(let scalar):
            switch node.tag.rawValue {
            case Tag.Name.null.rawValue: return .null
            case Tag.Name.bool.rawValue: return node.bool.map(JSONNode.bool) ?? .string(scalar.string)
            case Tag.Name.int.rawValue: return node.int.map { .number(String($0)) } ?? .string(scalar.string)
            case Tag.Name.float.rawValue:
                return node.float.flatMap { $0.isFinite ? .number(String($0)) : nil } ?? .string(scalar.string)
            default: return .string(scalar.string)
            }
        case .alias:
            return .null
        }
    }
}
