import RickAndMortyModel
import TerminalUI

/// An open episode (with its cast) or location (with its residents): what is known of it so
/// far, its members as their batches arrive, and the selected member. A plain value.
struct EntityDetailState: Sendable, Hashable {
    /// Which entity: `.episode` or `.location`, and its id.
    var kind: EntityKind
    var id: Int
    /// The name it was opened under, until its own read answers (for the breadcrumb).
    var knownName: String
    /// The episode, once read (kind `.episode`).
    var episode: Episode? { didSet { memberIDs = memberReferences.validIDs } }
    /// The location, once read (kind `.location`).
    var location: Location? { didSet { memberIDs = memberReferences.validIDs } }
    /// The valid member ids, in reference order, each once: parsed from the references when the
    /// entity arrives, not on every frame.
    private(set) var memberIDs: [Int] = []
    /// Why the entity could not be read, as a sentence.
    var failure: String?
    /// The members read so far (cast or residents), in reference order.
    var members: [ShowCharacter] = []
    /// Member ids still being read.
    var pendingMemberIDs: [Int] = []
    /// Why some members could not be read, as a sentence.
    var membersFailure: String?
    /// Member references that name nothing this API can answer, verbatim (`""` for unknown).
    var dangling: [String] = []
    /// The selected member row and the rows scrolled off the top.
    var memberList = ListState()

    /// A detail of entity `id` of `kind`, known as `name` until it is read.
    init(kind: EntityKind, id: Int, name: String) {
        self.kind = kind
        self.id = id
        self.knownName = name
    }

    /// The breadcrumb title: `S01E01 Pilot`, `Citadel of Ricks`.
    var title: String {
        if let episode { return "\(episode.code) \(episode.name)" }
        if let location { return location.name }
        return knownName.isEmpty ? "\(kind.rawValue) \(id)" : knownName
    }

    /// The member references of the entity, once read.
    var memberReferences: [EntityReference] {
        episode?.castReferences ?? location?.residentReferences ?? []
    }

    /// What members are called: `cast` or `residents`.
    var memberNoun: String { kind == .episode ? "cast" : "residents" }

    /// The selected member, if any.
    var selectedMember: ShowCharacter? {
        members.indices.contains(memberList.selected) ? members[memberList.selected] : nil
    }
}
