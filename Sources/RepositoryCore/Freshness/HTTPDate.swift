import Foundation

/// HTTP's dates (RFC 9110 §5.6.7): the IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, and the
/// obsolete RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`)
/// forms a recipient must also read. Parsed by hand, in UTC, with no locale. Thread-safe.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date `text` names, or nil when it is none of the three forms (or names no real time).
    public static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var time: [Int]?
        switch words.count {
        case 6 where words[5] == "GMT":  // IMF-fixdate
            day = Int(words[1])
            month = monthNumber(words[2])
            year = Int(words[3])
            time = clock(words[4])
        case 4 where words[3] == "GMT":  // RFC 850: 06-Nov-94
            let parts = words[1].split(separator: "-").map(String.init)
            guard parts.count == 3 else { return nil }
            day = Int(parts[0])
            month = monthNumber(parts[1])
            year = Int(parts[2]).map { $0 < 50 ? 2000 + $0 : ($0 < 100 ? 1900 + $0 : $0) }
            time = clock(words[2])
        case 5:  // asctime
            month = monthNumber(words[1])
            day = Int(words[2])
            time = clock(words[3])
            year = Int(words[4])
        default:
            return nil
        }
        guard let day, let month, let year, let time, (1...31).contains(day), (0...9999).contains(year),
            (0...23).contains(time[0]), (0...59).contains(time[1]), (0...60).contains(time[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(
            year: year, month: month, day: day, hour: time[0], minute: time[1], second: time[2])
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }

    private static func monthNumber(_ word: String) -> Int? {
        months.firstIndex(of: word.lowercasedASCII()).map { $0 + 1 }
    }

    private static func clock(_ word: String) -> [Int]? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        return numbers.count == 3 ? numbers : nil
    }
}
