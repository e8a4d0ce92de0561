import Foundation

/// A reference from one entity to another, parsed once from the API's URL into a typed id.
///
/// `…/api/episode/28` read as an episode reference is `.id(28)`; `""` (the API's unknown
/// origin) is `.unknown`; a URL of another resource, a path that is not `/api/<kind>/<id>`, a
/// non-positive id, or (when a host is given) another host is `.dangling(url)`, shown as such
/// and never followed. A plain value.
public enum EntityReference: Sendable, Hashable {
    /// A valid id of the expected kind.
    case id(Int)
    /// The API does not know (an empty URL).
    case unknown
    /// A URL that names nothing this API can answer, verbatim.
    case dangling(String)

    /// Parses `url` as a reference to an entity of `kind`; when `host` is given (`host:port` or
    /// `host`), a URL naming any other host is dangling.
    public init(url: String, kind: EntityKind, host: String? = nil) {
        let trimmed = Self.isTrimmed(url) ? url : url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            self = .unknown
            return
        }
        var bytes = trimmed
        let id = bytes.withUTF8 { Self.parse($0, kind: kind, host: host) }
        self = id.map(EntityReference.id) ?? .dangling(trimmed)
    }

    /// The id, when the reference is valid.
    public var id: Int? {
        if case .id(let id) = self { id } else { nil }
    }

    /// Whether `url` has nothing to trim: it starts and ends with visible ASCII (a whitespace
    /// scalar is a space, a tab or one encoded in non-ASCII bytes). Most URLs are; they skip
    /// Foundation's trimming, which copies.
    private static func isTrimmed(_ url: String) -> Bool {
        guard let first = url.utf8.first, let last = url.utf8.last else { return true }
        return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
    }

    /// The id in `[scheme://authority]/…/api/<kind>/<id>`, read from the UTF-8 bytes without
    /// copying: the last three non-empty `/`-separated segments must be `api`, the kind's name
    /// and a positive decimal number of ASCII digits.
    private static func parse(_ url: UnsafeBufferPointer<UInt8>, kind: EntityKind, host: String?) -> Int? {
        var start = 0
        if let scheme = firstIndex(of: schemeSeparator, in: url) {
            let authorityStart = scheme + 3
            var authorityEnd = authorityStart
            while authorityEnd < url.count, url[authorityEnd] != UInt8(ascii: "/") { authorityEnd += 1 }
            if let host {
                let authority = String(decoding: url[authorityStart..<authorityEnd], as: UTF8.self)
                guard authority.lowercased() == host.lowercased() else { return nil }
            }
            start = authorityEnd
        }
        let slash = UInt8(ascii: "/")
        /// The last non-empty segment that ends at or before `end`.
        func segment(endingBefore end: Int) -> Range<Int>? {
            var end = end
            while end > start, url[end - 1] == slash { end -= 1 }
            guard end > start else { return nil }
            var begin = end
            while begin > start, url[begin - 1] != slash { begin -= 1 }
            return begin..<end
        }
        guard let idDigits = segment(endingBefore: url.count),
            let kindName = segment(endingBefore: idDigits.lowerBound),
            let api = segment(endingBefore: kindName.lowerBound),
            url[api].elementsEqual("api".utf8), url[kindName].elementsEqual(kind.rawValue.utf8)
        else { return nil }
        var id = 0
        for digit in url[idDigits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            let (times10, overflowed) = id.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else { return nil }
            id = sum
        }
        return id > 0 ? id : nil
    }

    private static let schemeSeparator = Array("://".utf8)

    /// Where `needle` first starts in `bytes`.
    private static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count)
        where bytes[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

extension Sequence where Element == EntityReference {
    /// The valid ids, in order, each once.
    public var validIDs: [Int] {
        var seen = Set<Int>()
        return compactMap { reference in
            guard let id = reference.id, seen.insert(id).inserted else { return nil }
            return id
        }
    }
}

extension ShowCharacter {
    /// The episode references, parsed.
    public var episodeReferences: [EntityReference] {
        episode.map { EntityReference(url: $0, kind: .episode) }
    }

    /// The origin, as a location reference.
    public var originReference: EntityReference { EntityReference(url: origin.url, kind: .location) }

    /// The last known location, as a location reference.
    public var locationReference: EntityReference { EntityReference(url: location.url, kind: .location) }
}

extension Episode {
    /// The cast, parsed.
    public var castReferences: [EntityReference] {
        characters.map { EntityReference(url: $0, kind: .character) }
    }
}

extension Location {
    /// The residents, parsed.
    public var residentReferences: [EntityReference] {
        residents.map { EntityReference(url: $0, kind: .character) }
    }
}
