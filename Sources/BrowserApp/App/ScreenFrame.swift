import RickAndMortyModel

/// One screen of the explorer's stack, with everything needed to draw it again: opening
/// something pushes a frame, `Backspace`/`Esc` pops one, so going back re-renders from state
/// without a read. A plain value.
public enum ScreenFrame: Sendable, Hashable {
    /// The list at the bottom of the stack: characters, episodes or locations, as
    /// `BrowserState.activeList` says (their rows and selections live in the state).
    case list
    /// One character's detail.
    case character(CharacterDetailState)
    /// One episode with its cast, or one location with its residents.
    case entity(EntityDetailState)

    /// The frame's name in the breadcrumb, the list frame named after `activeList`.
    public func crumb(activeList: EntityKind) -> String {
        switch self {
        case .list: activeList.title
        case .character(let detail): detail.character?.name ?? "character \(detail.characterID)"
        case .entity(let detail): detail.title
        }
    }
}
