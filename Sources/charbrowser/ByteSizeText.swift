import Foundation
import RepositoryCore

/// A size as the command line writes it: a whole number of bytes, or of `KiB`, `MiB` or `GiB`
/// (`16MiB`, `512 KiB`, `1048576`; the unit in any case). Pure: thread-safe.
enum ByteSizeText {
    /// The units accepted after the number, with their size in bytes.
    private static let units: [(suffix: String, bytes: Int)] = [
        ("kib", 1 << 10), ("mib", 1 << 20), ("gib", 1 << 30), ("b", 1), ("", 1),
    ]

    /// The limit `text` writes, or nil when it is not a size of the form above (or overflows).
    static func parse(_ text: String) -> SizeLimit? {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        for unit in units where lowered.hasSuffix(unit.suffix) {
            let number = lowered.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
            guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit), let count = Int(number) else { continue }
            let (bytes, overflow) = count.multipliedReportingOverflow(by: unit.bytes)
            return overflow ? nil : SizeLimit(bytes: bytes)
        }
        return nil
    }

    /// The limit `text` writes when it is between `range`'s bounds, else a validation message
    /// naming `flag`.
    static func limit(_ text: String, flag: String, within range: ClosedRange<SizeLimit>)
        -> Result<SizeLimit, ValidationFailure>
    {
        guard let limit = parse(text) else {
            return .failure(
                ValidationFailure("\(flag) must be a size such as 16MiB, 512KiB or 1048576 (bytes), not '\(text)'"))
        }
        guard range.contains(limit) else {
            return .failure(
                ValidationFailure("\(flag) must be between \(range.lowerBound) and \(range.upperBound), not \(text)"))
        }
        return .success(limit)
    }
}

extension Character {
    /// True for `0`…`9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
