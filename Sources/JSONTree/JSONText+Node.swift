extension JSONText {
    /// `node` as compact JSON text: members in their order, numbers as written.
    public static func text(of node: JSONNode) -> String {
        var text = ""
        append(node, to: &text)
        return text
    }

    /// Appends `node` to `text` as compact JSON: members in their order, numbers as written, so a
    /// document parsed and written back reads as it was (but for its spaces).
    public static func append(_ node: JSONNode, to text: inout String) {
        switch node {
        case .null: text.append("null")
        case .bool(let flag): text.append(flag ? "true" : "false")
        case .number(let digits): text.append(digits)
        case .string(let string): appendQuoted(string, to: &text)
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
                appendQuoted(member.key, to: &text)
                text.append(":")
                append(member.value, to: &text)
            }
            text.append("}")
        }
    }
}
