import RickAndMortyModel
import TerminalUI

/// `--open` on the Rick and Morty lists: the list it names shown over what was remembered, and
/// the entity it names opened over that list.
extension ListsScreen {
    /// Shows the list `--open` names, unfiltered and from its top (no page is read to look for
    /// the entity's row), and pushes that entity's detail over it (`open` reads the list's first
    /// page).
    mutating func start(context: inout ScreenContext) {
        guard let start = context.services.listsStart else { return }
        if ListKind.of(start.kind).needsGraph, context.services.graph == nil {
            context.toast("Only characters can be listed here.", kind: .info)
            return
        }
        activeList = start.kind
        startOver(ListKind.of(start.kind).rows)
        guard let id = start.id else { return }
        switch start.kind {
        case .character: context.push(CharacterDetailScreen(characterID: id))
        case .episode, .location:
            EntityDetailScreen.push(EntityDetailState(kind: start.kind, id: id, name: ""), context: &context)
        }
    }

    /// Forgets a list's remembered filter and selection.
    private mutating func startOver<Row: ListRow>(_: Row.Type) {
        self[keyPath: Row.list].reset(filter: [:])
    }
}
