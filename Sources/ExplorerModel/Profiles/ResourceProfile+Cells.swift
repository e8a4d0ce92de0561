extension ResourceProfile {
    /// The text of each column in `object` (nil where it has no value there).
    public func cells(of object: JSONObject) -> [String?] {
        columns.map { $0.field.text(in: object) }
    }

    /// The title the profile's title field gives `object`, nil without one or a value there.
    public func title(of object: JSONObject) -> String? {
        title?.text(in: object).flatMap { $0.isEmpty ? nil : $0 }
    }
}
