import ModelCodecs
import Foundation
import FuzzSupport
import PersistentCache
import RepositoryCore
import RickAndMortyModel

// Every payload codec that reads rows from the disk tier or the shared tier (`CharacterData`'s
// binary codecs, the JSON and property-list codecs of `PersistentCache`), and the binary reader
// under them. The first byte picks the codec, the rest is the stored payload. Arbitrary bytes
// decode to a value or to `.serialization`, never a crash; a decoded value holds no more
// elements than the payload has bytes and re-encodes to bytes that decode to the same value.
// The allocation bound is enforced by the fuzzer's `-malloc_limit_mb` (see `Tests/Fuzz/run`): a
// payload of a few bytes must not reserve memory for a million elements.

/// A decode to a value, or a failure that must be `.serialization`; the same answer from the
/// bytes read in place (`decode(bytes:)`, the disk tier's joined read); then the round trip.
func check<Codec: PayloadCodec>(
    _ codec: Codec, _ payload: Data, elements: (Codec.Value) -> Int
) where Codec.Value: Equatable {
    let inPlace = payload.withUnsafeBytes { bytes in
        Result { () throws(RepositoryError) -> Codec.Value in try codec.decode(bytes: bytes) }
    }
    let value: Codec.Value
    do {
        value = try codec.decode(payload)
    } catch {
        guard case .serialization = error else {
            invariant(false, "\(Codec.self) failed with \(error), not .serialization")
            return
        }
        guard case .failure(.serialization) = inPlace else {
            invariant(false, "\(Codec.self) decodes in place what it rejects as Data: \(inPlace)")
            return
        }
        return
    }
    guard case .success(let sameValue) = inPlace, sameValue == value else {
        invariant(false, "\(Codec.self) decodes in place to something else: \(inPlace)")
        return
    }
    invariant(elements(value) <= payload.count, "\(Codec.self) decoded more elements than bytes")
    do {
        let again = try codec.decode(try codec.encode(value))
        invariant(again == value, "\(Codec.self) does not round-trip its own decoding")
    } catch {
        invariant(false, "\(Codec.self) cannot round-trip its own decoding: \(error)")
    }
}

/// The binary reader driven by the payload itself: each byte names the next read.
func readEverything(_ payload: Data) {
    var script = BinaryPayloadReader(payload)
    var reader = BinaryPayloadReader(payload.dropFirst(min(payload.count, 8)))
    for _ in 0..<64 {
        guard let step = try? script.readUnsigned() else { return }
        do throws(RepositoryError) {
            switch step % 7 {
            case 0: _ = try reader.readUnsigned()
            case 1: _ = try reader.readInt()
            case 2: _ = try reader.readBool()
            case 3: _ = try reader.readDouble()
            case 4: _ = try reader.readString()
            case 5:
                let strings = try reader.readStrings()
                invariant(strings.count <= payload.count, "more strings than bytes")
            default:
                let data = try reader.readData()
                invariant(data.count <= payload.count, "more bytes than the payload")
            }
        } catch {
            guard case .serialization = error else {
                invariant(false, "the reader failed with \(error), not .serialization")
                return
            }
        }
    }
}

FuzzTarget.run { bytes in
    guard let selector = bytes.first else { return }
    let payload = Data(bytes.dropFirst())
    switch selector % 9 {
    case 0: check(ShowCharacterCodec(), payload) { $0.episode.count }
    case 1:
        check(CharacterPageCodec(), payload) {
            $0.results.count + $0.results.map(\.episode.count).reduce(0, +)
        }
    case 2: check(EpisodeListCodec(), payload) { $0.count + $0.map(\.characters.count).reduce(0, +) }
    case 3: check(StoredListCodec<PageInfo>(), payload) { $0.ids.count }
    case 4: check(StoredListCodec<NoListInfo>(), payload) { $0.ids.count }
    case 5: check(JSONPayloadCodec<Episode>(), payload) { $0.characters.count }
    case 6: check(JSONPayloadCodec<Location>(), payload) { $0.residents.count }
    case 7:
        check(PropertyListPayloadCodec<[String: [Int]]>(), payload) {
            $0.count + $0.values.map(\.count).reduce(0, +)
        }
    default: readEverything(payload)
    }
}
