import Foundation
import JPEGCodec
import Locking
import RickAndMortyModel

/// One avatar as served: its JPEG bytes and its strong entity tag. A plain value.
struct AvatarFile: Sendable, Hashable {
    let bytes: [UInt8]
    let eTag: String

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        self.eTag = "\"\(String(bytes.count, radix: 16))-\(String(hash, radix: 16))\""
    }
}

/// The avatars a server answers with: a file from `folder` (`<id>.jpeg`) when it has one, else
/// the character's generated portrait, encoded on first request and kept in memory (at most
/// `capacity` of them; when full, the kept ones are forgotten at once and encoded again on demand,
/// to the same bytes). Thread-safe: the encoded files sit behind a `PThreadMutex`.
final class AvatarStore: Sendable {
    private let character: @Sendable (Int) -> ShowCharacter?
    private let folder: URL?
    private let capacity: Int
    private let encoded = PThreadMutex<[Int: AvatarFile]>([:])

    init(character: @escaping @Sendable (Int) -> ShowCharacter?, folder: URL?, capacity: Int = 2_048) {
        self.character = character
        self.folder = folder
        self.capacity = max(1, capacity)
    }

    /// The avatar named `fileName` (`<id>.jpeg`), or nil for a name or id the server does not serve.
    func avatar(named fileName: String) -> AvatarFile? {
        guard fileName.hasSuffix(".jpeg"), let id = Int(fileName.dropLast(5)), id > 0 else { return nil }
        if let cached = encoded.withLock({ $0[id] }) { return cached }
        guard let character = character(id), let file = load(character) else { return nil }
        encoded.withLock { kept in
            if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
            kept[id] = file
        }
        return file
    }

    private func load(_ character: ShowCharacter) -> AvatarFile? {
        if let folder {
            let path = folder.appendingPathComponent("\(character.id).jpeg")
            if let data = FileManager.default.contents(atPath: path.path) {
                return AvatarFile(bytes: Array(data))
            }
        }
        guard let pixels = AvatarPortrait.pixels(for: character),
            let bytes = try? JPEGEncoder.encode(pixels, quality: 85)
        else { return nil }
        return AvatarFile(bytes: bytes)
    }
}
