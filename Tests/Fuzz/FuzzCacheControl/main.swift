import Foundation
import FuzzSupport
import RepositoryCore

// The freshness of a response from its header fields (`ResponseFreshness`, `CacheControl`,
// `HTTPDate`). The input is lines `name: value` (`Cache-Control`, `Expires`, `Date`, `Age`, any
// other), then, after a blank line, a number of seconds the response is asked about after it
// arrived. Checked: nothing crashes; a lifetime and an age are never negative and a directive's
// seconds never pass 2³¹; a response is fresh for a while from its arrival and, once it is not,
// never fresh again later (its state only goes fresh → stale-while-revalidate → stale-if-error →
// stale); a fresh response with no-cache does not exist; the parse does not depend on where the
// fields were split (one field of comma-joined values reads as the lines one by one).

let received = Date(timeIntervalSince1970: 1_800_000_000)

FuzzTarget.run { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.components(separatedBy: "\n\n")
    var fields: [(String, String)] = []
    for line in parts[0].split(separator: "\n") {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
    }
    let later = parts.count > 1 ? Double(parts[1].prefix(12).filter(\.isNumber)).map { min($0, 1e10) } ?? 0 : 0
    let headers: (String) -> [String] = { name in
        fields.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
    }
    let freshness = ResponseFreshness(headers: headers, requestedAt: received.addingTimeInterval(-1), receivedAt: received)
    invariant((freshness.lifetime ?? 0) >= 0, "negative lifetime")
    invariant(freshness.initialAge >= 0, "negative age")
    for seconds in [freshness.staleWhileRevalidate, freshness.staleIfError].compactMap({ $0 }) {
        invariant(seconds >= 0 && seconds <= Double(CacheControl.maximumSeconds), "a window out of range")
    }
    let order: [ResponseFreshness.State] = [.fresh, .staleWhileRevalidate, .staleIfError, .stale]
    var previous = 0
    for offset in [0, later / 4, later / 2, later, later * 2 + 1] {
        let state = freshness.state(at: received.addingTimeInterval(offset), fallbackLifetime: 300)
        let rank = order.firstIndex(of: state) ?? 0
        invariant(rank >= previous, "fresher later: \(state) at \(offset) s")
        invariant(!(freshness.noCache && state == .fresh), "fresh with no-cache")
        previous = rank
    }
    // One field of the values joined by commas reads as the field lines.
    let values = headers("Cache-Control")
    if !values.contains(where: { $0.contains("\"") }) {
        invariant(
            CacheControl(fields: values) == CacheControl(fields: [values.joined(separator: ",")]),
            "the split of Cache-Control changed its reading")
    }
    for value in headers("Date") + headers("Expires") {
        if let date = HTTPDate.parse(value) { invariant(date.timeIntervalSince1970.isFinite, "a date out of range") }
    }
}
