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
    static let sharedCacheHealthKey = "shared-cache-health"

    /// The task keys of the change subscriptions (they end only with the run).
    static let characterChangesKey = "changes-character"
    /// See `characterChangesKey`.
    static let episodeChangesKey = "changes-episode"
    /// See `characterChangesKey`.
    static let locationChangesKey = "changes-location"
}
