/// One labelled value, as `DetailView` and `StatusPane` show it (`Species  Human`). A plain value.
public struct LabeledValue: Sendable, Hashable {
    /// The label, drawn in the widget's label style.
    public var label: String
    /// The value.
    public var value: String
    /// How the value is drawn.
    public var valueStyle: Style

    /// `label` shown with `value`.
    public init(_ label: String, _ value: String, valueStyle: Style = .plain) {
        self.label = label
        self.value = value
        self.valueStyle = valueStyle
    }
}
