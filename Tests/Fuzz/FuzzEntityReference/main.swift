import FuzzSupport
import Foundation
import RickAndMortyModel

// Entity reference URLs: any text parses to an id, unknown or dangling, never a crash; an id is
// positive and is the URL's last segment; a dangling reference keeps the URL; only an empty
// (or all-blank) URL is unknown.

FuzzTarget.run { bytes in
    // The first byte picks the host check; the rest is the URL.
    let host: String? = bytes.first.map { $0 % 2 == 0 ? "rickandmortyapi.com" : "localhost:8080" }
    let url = String(decoding: bytes.dropFirst(), as: UTF8.self)
    for kind in [EntityKind.character, .episode, .location] {
        for reference in [
            EntityReference(url: url, kind: kind), EntityReference(url: url, kind: kind, host: host),
        ] {
            switch reference {
            case .id(let id):
                invariant(id > 0, "non-positive id \(id) from \(url.debugDescription)")
                let segments = url.trimmingCharacters(in: .whitespaces).split(separator: "/").suffix(3).map(
                    String.init)
                invariant(
                    segments == ["api", kind.rawValue, segments.last ?? ""] && Int(segments[2]) == id,
                    "id \(id) is not the last segment of \(url.debugDescription)")
            case .unknown:
                invariant(
                    url.trimmingCharacters(in: .whitespaces).isEmpty,
                    "unknown from a non-blank URL \(url.debugDescription)")
            case .dangling(let kept):
                invariant(!kept.isEmpty, "dangling with an empty URL")
            }
        }
    }
    _ = ResourceURL.trailingID(url)
}
