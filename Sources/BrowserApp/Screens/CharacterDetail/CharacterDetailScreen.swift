import CharacterData
import EntityWrites
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// A character's detail on the stack: its fields, episodes and avatar (`CharacterDetailState`)
/// and the read in flight (the character, then its episodes). Links open an episode or location
/// over it. Suspended, it stops its read and avatar load; resumed, it reads again what is
/// missing, from the cache first. A plain value (`ScreenModel`).
package struct CharacterDetailScreen: ScreenModel, Hashable {
    /// What the detail's reads and avatar load report (to this detail alone, so no id is needed).
    package enum Message: Sendable {
        /// The character's read finished (the first half of a detail read).
        case characterRead(policy: CachePolicy, ReadReport<ShowCharacter>)
        /// Its episodes `ids` were read in one multi-id request (the second half).
        case episodesRead(ids: [Int], policy: CachePolicy, ReadReport<[Episode]>)
        /// The avatar download advanced (bytes received, and expected when known).
        case avatarProgress(received: Int64, expected: Int64?)
        /// The avatar load finished; `refresh` when it revalidated.
        case avatarLoaded(refresh: Bool, AvatarOutcome)
        /// The delete (`x`) was taken as `result`, in `elapsed`.
        case deleted(Result<WriteEvent, WriteNotMade>, elapsed: Duration)
        /// The delete's y/n question was answered with this letter.
        case deleteAnswered(String)
    }

    /// The task key of the avatar load; a newer load replaces an older one.
    static let avatarTaskKey = "avatar"

    /// What is shown: the character, its episodes, scroll, avatar and selected link.
    var detail: CharacterDetailState { didSet { laidOut.forget() } }
    /// The policy of the read in flight (the character, then its episodes), if any.
    var loading: CachePolicy? { didSet { laidOut.forget() } }
    /// Where the detail draws, as `layOut` built it for the state and layout of now.
    var laidOut = LaidOut<BrowserLayout, DetailGeometry>()

    /// The detail of `character`, shown at once from what the list knows until its own read answers.
    init(character: ShowCharacter) {
        detail = CharacterDetailState(characterID: character.id, character: character)
    }

    /// The detail of character `characterID`, known only by its id until its read answers.
    init(characterID: Int) {
        detail = CharacterDetailState(characterID: characterID)
    }

    package var keyScope: KeyTable.Scope { .characterDetail }
    package static var keyScopes: [KeyTable.Scope] { [.characterDetail] }

    package var crumb: String { detail.character?.name ?? "character \(detail.characterID)" }

    package var activity: ScreenActivity { ScreenActivity(reading: loading, named: "character") }

    /// Reads the character and its episodes, `localFirst`, and loads its avatar.
    package mutating func open(context: inout ScreenContext) -> [Effect<Message>] {
        readDetail(policy: .localFirst, services: context.services)
            + loadAvatar(refresh: false, services: context.services)
    }

    package mutating func perform(
        _ action: BrowserAction, context: inout ScreenContext
    ) -> [Effect<Message>] {
        let geometry = geometry(in: context.layout)
        switch action {
        case .refresh:
            return readDetail(policy: .remoteFirst, services: context.services)
                + loadAvatar(refresh: true, services: context.services)
        case .back: context.pop()
        case .open: openSelectedLink(context: &context)
        case .nextLink: moveLink(by: 1, geometry: geometry)
        case .previousLink: moveLink(by: -1, geometry: geometry)
        case .moveDown: scroll(by: 1, geometry: geometry)
        case .moveUp: scroll(by: -1, geometry: geometry)
        case .pageDown: scroll(by: geometry.page, geometry: geometry)
        case .pageUp: scroll(by: -geometry.page, geometry: geometry)
        case .first: scroll(by: -Int.max / 2, geometry: geometry)
        case .last: scroll(by: Int.max / 2, geometry: geometry)
        case .scroll(let rows, _, _): scroll(by: rows, geometry: geometry)
        case .click(let column, let row, let opens):
            let scrolled = detail.scrollOffset
            guard let link = geometry.link(atColumn: column, row: row, scrollOffset: scrolled) else { break }
            detail.selectedLink = link
            if opens { openSelectedLink(context: &context) }
        case .copy(let format): context.copy(detail.character.flatMap { CopySubject($0) }, as: format)
        case .edit:
            guard let character = detail.character else {
                context.toast("The character is not loaded yet: nothing to edit.", kind: .info)
                break
            }
            context.push(EditCharacterScreen(character: character))
        case .delete:
            context.ask(.yesOrNo("Delete \(crumb) (#\(detail.characterID))?"), reply: Message.deleteAnswered)
        default: break
        }
        return []
    }

    package mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        switch message {
        case .characterRead(let policy, let report):
            applyCharacter(policy: policy, report, context: &context)
            // Opened by id (`--open characters/1`), the avatar's URL comes with the character.
            if detail.avatar == nil, detail.character != nil, context.isOnTop {
                return loadAvatar(refresh: false, services: context.services)
            }
        case .episodesRead(let ids, let policy, let report):
            applyEpisodes(ids: ids, policy: policy, report, context: &context)
        case .avatarProgress(let received, let expected):
            guard case .loading = detail.avatar else { break }
            detail.avatar = .loading(received: received, expected: expected)
        case .avatarLoaded(let refresh, let outcome):
            guard let shown = AvatarLoad.state(of: outcome) else { break }
            detail.avatar = shown
            context.record(AvatarLoad.event(query: "avatar \(detail.characterID)", refresh: refresh, outcome))
        case .deleted(let result, let elapsed):
            applyDelete(result, elapsed: elapsed, context: &context)
        case .deleteAnswered(let letter): return letter == "y" ? delete(services: context.services) : []
        }
        return []
    }

    /// Stops the read and the avatar load in flight (its partial file is deleted by the download),
    /// leaving the detail marked incomplete.
    package mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] {
        var effects: [Effect<Message>] = []
        if loading != nil {
            loading = nil
            effects.append(.cancel(key: Self.detailTaskKey))
        }
        if case .loading = detail.avatar {
            detail.avatar = nil
            if context.services.avatars != nil { effects.append(.cancel(key: Self.avatarTaskKey)) }
        }
        return effects
    }

    /// Reads again, from the cache first, the character or episodes and the avatar a push interrupted.
    package mutating func resume(context: inout ScreenContext) -> [Effect<Message>] {
        var effects: [Effect<Message>] = []
        let hasEpisodes = detail.episodes != nil || detail.episodesFailure != nil
        if detail.character == nil || !hasEpisodes {
            effects += readDetail(policy: .localFirst, services: context.services)
        }
        if detail.avatar == nil { effects += loadAvatar(refresh: false, services: context.services) }
        return effects
    }

    /// Starts loading the character's avatar (navigation, or a revalidating refresh), unless
    /// images are off or the character is not known yet.
    private mutating func loadAvatar(refresh: Bool, services: BrowserServices) -> [Effect<Message>] {
        guard let loader = services.avatars, let character = detail.character else { return [] }
        detail.avatar = .loading(received: 0, expected: nil)
        return [
            AvatarLoad.effect(
                key: Self.avatarTaskKey, loader: loader, url: character.image, refresh: refresh,
                progress: { .avatarProgress(received: $0, expected: $1) },
                loaded: { .avatarLoaded(refresh: refresh, $0) })
        ]
    }

    /// Builds the geometry once per change of the detail or the layout, and keeps the scroll
    /// within the content.
    package mutating func layOut(_ layout: BrowserLayout) {
        let geometry = geometry(in: layout)
        scroll(by: 0, geometry: geometry)
        laidOut.layOut(for: layout) { geometry }  // kept after the scroll, which is no part of it
    }

    /// The geometry `layOut` built for `layout`, or one built now.
    func geometry(in layout: BrowserLayout) -> DetailGeometry {
        laidOut.geometry(for: layout) {
            DetailGeometry(layout: layout, detail: detail, isLoading: loading != nil)
        }
    }

    /// Takes a newer copy of the character or of one of its episodes.
    package mutating func show(_ entity: ShownEntity) {
        switch entity {
        case .character(let character) where character.id == detail.characterID:
            if detail.character != character { detail.character = character }
        case .episode(let episode):
            guard let position = detail.episodes?.firstIndex(where: { $0.id == episode.id }),
                detail.episodes?[position] != episode
            else { return }
            detail.episodes?[position] = episode
        default:
            return
        }
    }

    package func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        DetailPane(
            detail: detail, isLoading: loading != nil, geometry: geometry(in: context.layout),
            colorMode: context.colorMode, bodyMemo: context.memos?.detail,
            isPending: context.pendingCharacterIDs.contains(detail.characterID)
        )
        .render(in: area, buffer: &buffer)
    }
}

/// The open character: what is known of it so far and how far its pane is scrolled. A plain value.
struct CharacterDetailState: Sendable, Hashable {
    var characterID: Int
    /// The character, once known (from the list at once, then from its own read).
    var character: ShowCharacter?
    /// Why the character could not be read, as a sentence, while nothing of it is known.
    var failure: String?
    /// Its episodes, once read; nil while they load or after they failed.
    var episodes: [Episode]?
    /// Why the episodes could not be read, as a sentence.
    var episodesFailure: String?
    /// Wrapped lines scrolled off the top of the pane.
    var scrollOffset = 0
    /// The avatar, when images are on.
    var avatar: AvatarState?
    /// The selected link (an index into `links`), nil until `n` or `p` is pressed.
    var selectedLink: Int?
}

extension BrowserState {
    /// The open character, when the screen on top is a character's detail. Setting it replaces
    /// that detail; setting nil, or setting while another screen is on top, changes nothing.
    var detail: CharacterDetailState? {
        get { (screens.last as? CharacterDetailScreen)?.detail }
        set {
            guard let newValue, var top = screens.last as? CharacterDetailScreen else { return }
            top.detail = newValue
            screens[screens.count - 1] = top
        }
    }
}

extension KeyTable.Scope {
    /// A character's detail's keys.
    static let characterDetail = KeyTable.Scope(
        "character detail",
        bindings: [
            KeyBinding(
                [.escape, .backspace], .back, label: "Esc Backspace", help: "back one screen",
                hint: ("esc", "back", 10)),
            KeyBinding(
                [.character("n"), .tab], .nextLink, label: "n Tab",
                help: "next link: origin, location, each episode", hint: ("n/p", "link", 20)),
            KeyBinding(
                [.character("p"), .backTab], .previousLink, label: "p Shift-Tab", help: "previous link"),
            KeyBinding(
                [.enter], .open, label: "Enter", help: "follow the selected link",
                hint: ("enter", "follow", 30)),
            KeyBinding(
                [.character("j"), .down], .moveDown, label: "j ↓", help: "scroll down",
                hint: ("j/k", "scroll", 80)),
            KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "scroll up"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, label: "PgDn Space", help: "a screen down"),
            KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "a screen up"),
            KeyBinding([.character("g"), .home], .first, label: "g Home", help: "the top"),
            KeyBinding([.character("G"), .end], .last, label: "G End", help: "the end"),
            KeyBinding(
                [.character("e")], .edit, label: "e", help: "edit the character (a form)",
                hint: ("e", "edit", 45)),
            KeyBinding([.character("x")], .delete, label: "x", help: "delete the character (asks first)"),
        ] + KeyTable.copyBindings)
}
