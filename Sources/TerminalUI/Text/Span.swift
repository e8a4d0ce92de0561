/// A run of text drawn in one style. A plain value.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: Style

    /// `text` in `style`.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Columns the span takes on screen.
    public var width: Int { DisplayWidth.of(text) }
}

/// One line of styled spans, drawn left to right. A plain value.
public struct Line: Sendable, Hashable, ExpressibleByStringLiteral {
    public var spans: [Span]

    /// A line of the given spans.
    public init(_ spans: [Span]) { self.spans = spans }

    /// A line of one span.
    public init(_ text: String, style: Style = .plain) { self.spans = [Span(text, style: style)] }

    public init(stringLiteral value: String) { self.init(value) }

    /// Columns the line takes on screen.
    public var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// The line's text without styles.
    public var plainText: String { spans.map(\.text).joined() }
}
