import Foundation
import Locking

/// Where an avatar URL's file is fetched from, and its key in the file cache.
typealias AvatarLocation = (url: URL, key: String)

/// The `AvatarLocation` of the last `capacity` avatar URLs (or a remembered failure to parse
/// one), forgotten all at once when full. Thread-safe: a `PThreadMutex`.
final class AvatarLocations: Sendable {
    private let capacity: Int
    private let known = PThreadMutex<[String: AvatarLocation?]>([:])

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The location of `text`, from `derive` the first time.
    func location(of text: String, derive: (String) -> AvatarLocation?) -> AvatarLocation? {
        if let remembered = known.withLock({ $0[text] }) { return remembered }
        let location = derive(text)
        known.withLock { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[text] = .some(location)
        }
        return location
    }
}
