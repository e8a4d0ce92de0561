/// Which of an entity's fields a write may change: the ones a user edits, compared and merged
/// one by one. Identity and server-made fields (`id`, `url`, `created`) are left out, so they never
/// take part in a merge or a conflict. A value; thread-safe.
public struct EditableFields: Sendable, Hashable {
    private enum Rule: Sendable, Hashable {
        case only(Set<String>)
        case allExcept(Set<String>)
    }

    private let rule: Rule

    /// Exactly `names`.
    public static func only(_ names: some Sequence<String>) -> EditableFields {
        EditableFields(rule: .only(Set(names)))
    }

    /// Every field but `names`.
    public static func allExcept(_ names: some Sequence<String>) -> EditableFields {
        EditableFields(rule: .allExcept(Set(names)))
    }

    /// Whether `field` may be written.
    public func contains(_ field: String) -> Bool {
        switch rule {
        case .only(let names): names.contains(field)
        case .allExcept(let names): !names.contains(field)
        }
    }

    /// The editable fields of `value`.
    public func of(_ value: Fields) -> Fields {
        value.filter { contains($0.key) }
    }
}
