import Foundation
import RickAndMortyModel
import TerminalUI

/// One copy to the clipboard: what was copied (`character 1`, as JSON or its URL) and the text.
/// The text is what the screen shows: every string in it went through `UntrustedText.sanitize`,
/// so no control, bidi or zero-width character from the server reaches a clipboard (where a
/// paste into a shell could run it). A plain value; the services' `clipboard` carries it out.
package struct ClipboardCopy: Sendable, Hashable, Encodable {
    /// What was copied: `character 1`.
    var label: String
    /// `json` or `url`.
    var format: String
    /// The text put on the clipboard.
    package var text: String
    /// Its size in bytes (UTF-8).
    var bytes: Int { text.utf8.count }

    /// `subject` as `format` says: its JSON, pretty-printed with sorted keys, or its URL, sanitized.
    init(_ subject: CopySubject, format: CopyFormat) {
        label = subject.label
        (self.format, text) =
            switch format {
            case .json: ("json", Self.sanitizedJSON(subject.json))
            case .url: ("url", UntrustedText.sanitize(subject.url))
            }
    }

    /// `copied character 1 · 2.1 KB`.
    var toast: String { "copied \(label) · \(ByteText.short(bytes))" }

    private enum CodingKeys: String, CodingKey { case label = "copied", format, bytes, text }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try container.encode(format, forKey: .format)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(text, forKey: .text)
    }

    /// `json` pretty-printed with its keys sorted, every key and string sanitized; each line is
    /// sanitized again, so nothing unsafe survives whatever the input was.
    static func sanitizedJSON(_ json: Data) -> String {
        guard let tree = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(
                withJSONObject: sanitized(tree),
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else {
            return UntrustedText.sanitize(String(decoding: json, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { UntrustedText.sanitize(String($0)) }.joined(separator: "\n")
    }

    /// `value` (a JSON tree) with every string and key sanitized.
    private static func sanitized(_ value: Any) -> Any {
        switch value {
        case let text as String: UntrustedText.sanitize(text)
        case let array as [Any]: array.map(sanitized)
        case let object as [String: Any]:
            Dictionary(
                object.map { (UntrustedText.sanitize($0.key), sanitized($0.value)) },
                uniquingKeysWith: { first, _ in first })
        default: value
        }
    }
}
