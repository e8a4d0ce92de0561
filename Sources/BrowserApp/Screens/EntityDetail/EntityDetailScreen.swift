import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// An episode with its cast, or a location with its residents, on the stack
/// (`EntityDetailState`), and the read in flight (the entity, then its members in batches).
/// Enter opens the selected member's detail over it. Suspended, it stops its read; resumed, it
/// reads again, from the cache first, when it was left incomplete. A plain value (`ScreenModel`).
package struct EntityDetailScreen: ScreenModel, Hashable {
    /// What the detail's reads report (to this detail alone, so no kind or id is needed).
    package enum Message: Sendable {
        /// The episode's read finished (the first half of its detail read).
        case episodeRead(policy: CachePolicy, ReadReport<Episode>)
        /// The location's read finished (the first half of its detail read).
        case locationRead(policy: CachePolicy, ReadReport<Location>)
        /// One batch of the cast or residents, `ids`, read in one multi-id request.
        case membersRead(ids: [Int], policy: CachePolicy, ReadReport<[ShowCharacter]>)
    }

    /// What is shown: the entity, its members and the selected one.
    var detail: EntityDetailState { didSet { laidOut.forget() } }
    /// Where the member rows draw (below the header lines), as `layOut` built it for the detail
    /// and layout of now: built once per change of either, read by `perform` and `render`.
    var laidOut = LaidOut<BrowserLayout, Rect>()
    /// The policy of the read in flight (the entity, then its members), if any.
    var loading: CachePolicy?

    /// The detail of `detail`'s entity, before any read.
    init(_ detail: EntityDetailState) { self.detail = detail }

    /// Pushes the detail of `detail`'s entity, when the services can read episodes and
    /// locations; otherwise says so in a toast.
    static func push(_ detail: EntityDetailState, context: inout ScreenContext) {
        guard context.services.graph != nil else {
            context.toast("Episodes and locations cannot be opened here.", kind: .info)
            return
        }
        context.push(EntityDetailScreen(detail))
    }

    package var keyScope: KeyTable.Scope { .entityDetail }
    package static var keyScopes: [KeyTable.Scope] { [.entityDetail] }

    package var crumb: String { detail.title }

    package var activity: ScreenActivity { ScreenActivity(reading: loading, named: "episode or location") }

    /// Reads the entity and its members, `localFirst`.
    package mutating func open(context: inout ScreenContext) -> [Effect<Message>] {
        read(policy: .localFirst, services: context.services)
    }

    package mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        let rows = membersArea(in: context.layout)
        let visible = max(1, rows.height)
        let count = detail.members.count
        switch action {
        case .refresh: return read(policy: .remoteFirst, services: context.services)
        case .back: context.pop()
        case .open:
            if let member = detail.selectedMember { context.push(CharacterDetailScreen(character: member)) }
        case .click(let column, let row, let opens):
            guard rows.contains(column: column, row: row),
                let index = detail.memberList.row(atLine: row - rows.y, rowCount: count, visibleRows: visible)
            else { break }
            detail.memberList.select(index, rowCount: count, visibleRows: visible)
            if opens, let member = detail.selectedMember {
                context.push(CharacterDetailScreen(character: member))
            }
        case .copy(let format):
            let subject =
                detail.episode.flatMap { CopySubject($0) } ?? detail.location.flatMap { CopySubject($0) }
            context.copy(subject, as: format)
        default: detail.memberList.apply(action, rowCount: count, visibleRows: visible)
        }
        return []
    }

    package mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        switch message {
        case .episodeRead(let policy, let report):
            applyEntity(policy: policy, report, store: { $0.episode = $1 }, context: &context)
        case .locationRead(let policy, let report):
            applyEntity(policy: policy, report, store: { $0.location = $1 }, context: &context)
        case .membersRead(let ids, let policy, let report):
            applyMembers(ids: ids, policy: policy, report, context: &context)
        }
        return []
    }

    /// Stops the read in flight, leaving the detail marked incomplete.
    package mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] {
        guard loading != nil else { return [] }
        loading = nil
        return [.cancel(key: Self.entityTaskKey)]
    }

    /// Reads again, from the cache first, when the entity or its members were left incomplete.
    package mutating func resume(context: inout ScreenContext) -> [Effect<Message>] {
        let isComplete =
            detail.failure != nil
            || ((detail.episode != nil || detail.location != nil) && detail.pendingMemberIDs.isEmpty)
        return isComplete ? [] : read(policy: .localFirst, services: context.services)
    }

    /// Takes a newer copy of a member, or of the entity itself.
    package mutating func show(_ entity: ShownEntity) {
        switch entity {
        case .character(let character):
            for member in detail.members.indices where detail.members[member].id == character.id {
                detail.members[member] = character
            }
        case .episode(let episode) where detail.kind == .episode && detail.id == episode.id:
            if detail.episode != episode { detail.episode = episode }
        case .location(let location) where detail.kind == .location && detail.id == location.id:
            if detail.location != location { detail.location = location }
        case .characterDeleted(let id) where detail.members.contains { $0.id == id }:
            detail.members.removeAll { $0.id == id }
        default:
            return
        }
    }

    package mutating func layOut(_ layout: BrowserLayout) {
        laidOut.layOut(for: layout) { Self.membersArea(of: detail, in: layout) }
    }

    /// Where the member rows draw in `layout`: as `layOut` built it, or built now.
    func membersArea(in layout: BrowserLayout) -> Rect {
        laidOut.geometry(for: layout) { Self.membersArea(of: detail, in: layout) }
    }

    private static func membersArea(of detail: EntityDetailState, in layout: BrowserLayout) -> Rect {
        let inside = layout.mainInterior.inset(left: 1)
        let header = headerLines(detail, isLoading: false)
        return inside.inset(top: min(inside.height, header.count))
    }
}

extension BrowserState {
    /// The open episode or location, when the screen on top is one.
    var entity: EntityDetailState? { (screens.last as? EntityDetailScreen)?.detail }
}
