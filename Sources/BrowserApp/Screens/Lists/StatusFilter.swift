/// The status filter that the `s` key cycles through: any → alive → dead → unknown → any.
/// A plain value.
enum StatusFilter: String, Sendable, Hashable, CaseIterable {
    case any
    case alive
    case dead
    case unknown

    /// The filter after this one in the cycle.
    var next: StatusFilter {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }

    /// The API's `status` parameter: empty for `any`.
    var parameter: String { self == .any ? "" : rawValue }

    /// The filter whose parameter is `parameter` (case-insensitive); `any` for anything else.
    init(parameter: String) {
        self =
            Self.allCases.first {
                $0 != .any && $0.rawValue.caseInsensitiveCompare(parameter) == .orderedSame
            }
            ?? .any
    }
}
