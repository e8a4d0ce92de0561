import FuzzSupport
import Foundation
import RickAndMortyModel

// The API's JSON decoding: any body decodes or throws, and every string that comes out of a
// decoded value is sanitized (no control, bidi or zero-width character survives).

/// An error body as the API sends it, `{"error": "…"}`, read the way the HTTP tier reads it.
struct ErrorBody: Decodable { let error: String }

/// Scalars no decoded string may hold: C0, DEL and C1 controls, bidi marks, overrides and
/// isolates, zero-width characters and the BOM. Written here from the model's contract, not
/// taken from the sanitizer, so a gap in either shows.
func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0xFEFF: true
    default: false
    }
}

/// Every string inside `value`, however deeply nested (fields, arrays, optionals, enums).
func strings(in value: Any) -> [String] {
    if let string = value as? String { return [string] }
    return Mirror(reflecting: value).children.flatMap { strings(in: $0.value) }
}

/// Decodes `data` as `T`; when it decodes, checks every string in it.
func checkDecoding<T: Decodable>(_ type: T.Type, _ data: Data) {
    guard let value = try? APIDecoding.decode(type, from: data) else { return }
    for string in strings(in: value) {
        invariant(
            !string.unicodeScalars.contains(where: isForbidden),
            "\(T.self) kept an unsafe scalar in \(string.unicodeScalars.map { String($0.value, radix: 16) })")
    }
}

FuzzTarget.run { bytes in
    let data = Data(bytes)
    checkDecoding(ShowCharacter.self, data)
    checkDecoding(CharacterPage.self, data)
    checkDecoding([ShowCharacter].self, data)
    checkDecoding(Episode.self, data)
    checkDecoding(Page<Episode>.self, data)
    checkDecoding([Episode].self, data)
    checkDecoding(Location.self, data)
    checkDecoding(Page<Location>.self, data)
    checkDecoding([Location].self, data)
    checkDecoding(CharacterStatus.self, data)
    checkDecoding(CharacterGender.self, data)
    if let body = try? APIDecoding.decode(ErrorBody.self, from: data) {
        let message = APIDecoding.excerpt(Data(body.error.utf8))
        invariant(!message.unicodeScalars.contains(where: isForbidden), "error excerpt kept an unsafe scalar")
    }
    let excerpt = APIDecoding.excerpt(data)
    invariant(!excerpt.unicodeScalars.contains(where: isForbidden), "body excerpt kept an unsafe scalar")
}
