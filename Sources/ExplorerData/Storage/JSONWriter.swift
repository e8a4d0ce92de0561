import ExplorerModel

/// Writes a `JSONNode` back as compact JSON text, members in their order and numbers as written,
/// so an entity stored on disk reads back as the API wrote it. Stateless; thread-safe.
enum JSONWriter {
    /// `node` as JSON text.
    static func text(of node: JSONNode) -> String {
        var text = ""
        append(node, to: &text)
        return text
    }

    /// Appends `node` to `text` as JSON.
    static func append(_ node: JSONNode, to text: inout String) {
        switch node {
        case .null: text.append("null")
        case .bool(let flag): text.append(flag ? "true" : "false")
        case .number(let digits): text.append(digits)
        case .string(let string): JSONText.appendQuoted(string, to: &text)
        case .array(let elements):
            text.append("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { text.append(",") }
                append(element, to: &text)
            }
            text.append("]")
        case .object(let object):
            text.append("{")
            for (index, member) in object.members.enumerated() {
                if index > 0 { text.append(",") }
                JSONText.appendQuoted(member.key, to: &text)
                text.append(":")
                append(member.value, to: &text)
            }
            text.append("}")
        }
    }
}
