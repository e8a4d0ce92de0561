import Locking
import TerminalUI

/// The pictures of the last few avatar files decoded, keyed by the file's identity (its cache key,
/// which names one file of the folder, inode and size), so showing a file-cache hit again does not
/// decode it again. A replaced file (a new download is a rename: a new inode) or a changed size
/// misses. Thread-safe: a `PThreadMutex`.
final class DecodedAvatars: Sendable {
    struct Key: Hashable, Sendable {
        /// The file's key in the avatar cache (the file's path is derived from it).
        let cacheKey: String
        let inode: UInt64
        let size: Int
    }

    private struct Entries {
        var images: [Key: HalfBlockPicture] = [:]
        var order: [Key] = []  // oldest first
    }

    private let capacity: Int
    private let entries = PThreadMutex(Entries())

    init(capacity: Int) { self.capacity = max(1, capacity) }

    func image(for key: Key) -> HalfBlockPicture? { entries.withLock { $0.images[key] } }

    func remember(_ image: HalfBlockPicture, for key: Key) {
        entries.withLock { entries in
            if entries.images.updateValue(image, forKey: key) == nil { entries.order.append(key) }
            while entries.order.count > capacity {
                entries.images[entries.order.removeFirst()] = nil
            }
        }
    }

    func forget(cacheKey: String) {
        entries.withLock { entries in
            entries.order.removeAll { key in
                guard key.cacheKey == cacheKey else { return false }
                entries.images[key] = nil
                return true
            }
        }
    }
}
