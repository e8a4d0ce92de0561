/// Why a size such as "100x30" was rejected. Carries the input it refers to.
public enum TerminalSizeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not of the form WIDTHxHEIGHT.
    case malformed(String)
    /// A dimension outside 1…`TerminalSize.maximumDimension`.
    case outOfRange(String)

    public var description: String {
        switch self {
        case .malformed(let text):
            "invalid terminal size '\(text)': expected WIDTHxHEIGHT, for example 100x30"
        case .outOfRange(let text):
            "invalid terminal size '\(text)': width and height must be between 1 and \(TerminalSize.maximumDimension)"
        }
    }
}

extension TerminalSize {
    /// The largest width or height `parse` accepts.
    public static let maximumDimension = 10_000

    /// Reads "WIDTHxHEIGHT" ("100x30"; "X" and "×" also separate). Both must be 1…10000.
    public static func parse(_ text: String) throws(TerminalSizeError) -> TerminalSize {
        let parts = text.split(separator: /[xX×]/, omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { throw .malformed(text) }
        guard let width = Int(parts[0]), let height = Int(parts[1]),
            (1...maximumDimension).contains(width), (1...maximumDimension).contains(height)
        else { throw .outOfRange(text) }
        return TerminalSize(width: width, height: height)
    }
}
