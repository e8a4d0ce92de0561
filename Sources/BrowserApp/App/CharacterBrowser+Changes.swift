import RepositoryCore
import RickAndMortyModel
import TerminalUI

extension CharacterBrowser {
    /// The subscriptions to the change streams of characters, episodes and locations, when
    /// `services.observesChanges`: each change is posted to `update` as a message. The streams
    /// are made here, at start, so no change written after the start is missed; they are
    /// subscriptions, so a headless run does not wait for them to end.
    func observeChanges() -> [Effect<BrowserMessage>] {
        guard services.observesChanges else { return [] }
        let characters = services.repository.characterChanges()
        let episodes = services.repository.episodeChanges()
        var effects: [Effect<BrowserMessage>] = [
            .subscribe(key: Self.characterChangesKey) { sink in
                for await change in characters { sink.send(.characterChanged(change)) }
            },
            .subscribe(key: Self.episodeChangesKey) { sink in
                for await change in episodes { sink.send(.episodeChanged(change)) }
            },
        ]
        if let locations = services.graph?.locationChanges() {
            effects.append(
                .subscribe(key: Self.locationChangesKey) { sink in
                    for await change in locations { sink.send(.locationChanged(change)) }
                })
        }
        return effects
    }

    /// The subscription to the shared tier's health, when the services have one: its state now,
    /// then every change, posted as `sharedCacheHealthChanged`. The stream is made here, at start.
    func observeSharedCacheHealth() -> [Effect<BrowserMessage>] {
        guard let changes = services.sharedCacheHealthChanges?() else { return [] }
        let repository = services.repository
        return [
            .subscribe(key: Self.sharedCacheHealthKey) { sink in
                if let now = repository.sharedCacheHealth { sink.send(.sharedCacheHealthChanged(now)) }
                for await health in changes { sink.send(.sharedCacheHealthChanged(health)) }
            }
        ]
    }

    /// The task key of the shared tier's health subscription (it ends only with the run).
    public static let sharedCacheHealthKey = "shared-cache-health"

    /// The task keys of the change subscriptions (they end only with the run).
    public static let characterChangesKey = "changes-character"
    /// See `characterChangesKey`.
    public static let episodeChangesKey = "changes-episode"
    /// See `characterChangesKey`.
    public static let locationChangesKey = "changes-location"

    /// Shows `character` wherever it is held: the list's rows, its detail, and the casts and
    /// residents of the screens on the stack. Reads nothing.
    func show(_ character: ShowCharacter, state: inout BrowserState) {
        state.characters.update(character)
        for index in state.screens.indices {
            switch state.screens[index] {
            case .character(var detail) where detail.characterID == character.id:
                guard detail.character != character else { continue }
                detail.character = character
                state.screens[index] = .character(detail)
            case .entity(var detail) where detail.members.contains(where: { $0.id == character.id }):
                for member in detail.members.indices where detail.members[member].id == character.id {
                    detail.members[member] = character
                }
                state.screens[index] = .entity(detail)
            default:
                continue
            }
        }
    }

    /// Shows `episode` wherever it is held: the episode list's rows, the open episode, and the
    /// episodes of the characters' details on the stack. Reads nothing (an episode whose cast
    /// changed keeps the members it read until it is read again).
    func show(_ episode: Episode, state: inout BrowserState) {
        state.episodes.update(episode)
        for index in state.screens.indices {
            switch state.screens[index] {
            case .character(var detail):
                guard let episodes = detail.episodes,
                    let position = episodes.firstIndex(where: { $0.id == episode.id }),
                    episodes[position] != episode
                else { continue }
                detail.episodes?[position] = episode
                state.screens[index] = .character(detail)
            case .entity(var detail) where detail.kind == .episode && detail.id == episode.id:
                guard detail.episode != episode else { continue }
                detail.episode = episode
                state.screens[index] = .entity(detail)
            default:
                continue
            }
        }
    }

    /// Shows `location` wherever it is held: the location list's rows and the open location.
    /// Reads nothing.
    func show(_ location: Location, state: inout BrowserState) {
        state.locations.update(location)
        for index in state.screens.indices {
            guard case .entity(var detail) = state.screens[index], detail.kind == .location,
                detail.id == location.id, detail.location != location
            else { continue }
            detail.location = location
            state.screens[index] = .entity(detail)
        }
    }
}
