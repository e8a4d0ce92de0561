import ExplorerModel
import RepositoryCore

/// What a link shows: its reference's name at once, or the linked entity's title once read (from
/// the cache or the network), or why it could not be read. A value; thread-safe.
public struct LinkTitle: Sendable, Hashable {
    /// Where the title came from.
    public enum Source: Sendable, Hashable {
        /// The reference named it (`{name, url}`): no read.
        case reference
        /// A tier answered (memory, disk or the network).
        case read(Origin)
    }

    public let address: EntityAddress
    /// The title, or why the linked entity could not be read.
    public let outcome: Result<String, ExplorerError>
    /// Where the title came from (nil when it failed).
    public let source: Source?

    /// A title as given.
    public init(address: EntityAddress, outcome: Result<String, ExplorerError>, source: Source?) {
        self.address = address
        self.outcome = outcome
        self.source = source
    }

    /// The title, when known.
    public var title: String? { try? outcome.get() }
}
