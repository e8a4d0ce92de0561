import AsyncHTTPExchange
import BrowserApp
import CharacterData
import ExplorerData
import ExplorerModel
import Foundation
import PersistentCache
import PostgresCache
import RickAndMortyHTTP

/// Whether `--api` (or `--openapi`) names an API to explore, and its session: a Rick and Morty
/// root (an index of exactly its characters, locations and episodes) or a root that cannot be
/// reached with nothing cached keeps the Rick and Morty browser, as before; any other index, or
/// a description, is explored. A root that is not an index with no `--openapi` is one sentence
/// naming `--openapi` (exit 2). The root is read at most once per start, and kept: a start that
/// finds it kept reads nothing to choose. The profile is `--profile`'s file, else the API's
/// built-in one. Stateless.
enum ExplorerWiring {
    /// The explorer's session for `command`, or nil for the Rick and Morty browser.
    static func session(
        _ command: BrowseCommand, database: CacheDatabase, shared: PostgresCacheStore?, networkSwitch: NetworkSwitch
    ) async throws -> ExplorerSession? {
        guard command.api != nil || command.openapi != nil else { return nil }
        let exchange = SwitchedExchange(base: AsyncHTTPExchange.shared, networkSwitch: networkSwitch)
        let start = command.open.map(ExplorerSession.Start.init(parsing:))
        let profile = try command.profile.map(ProfileFile.load)
        do throws(ExplorerError) {
            var description: LoadedDescription?
            if let openapi = command.openapi {
                description = try await LoadedDescription.load(from: location(of: openapi), exchange: exchange)
            }
            // The browser's API identity: the Cache screen and `cache` see its entries as the API's.
            let base = command.api.flatMap(URL.init(string:))
            let repository = try ExplorerRepository(
                base: base, description: description, exchange: exchange, database: database,
                configuration: ExplorerConfiguration(
                    answerLimit: command.maximumAnswerSize, identity: base.map { APIIdentity.remote($0).id },
                    timeToLive: command.ttl, shared: shared.map(ExplorerSharing.init)))
            guard description == nil else {
                return try checked(repository, try await repository.resources().value, start: start, profile: profile)
            }
            if let cached = try? await repository.resources(policy: .cacheOnly).value {
                // A Rick and Morty root an earlier run kept: its own screens, with no read.
                if isRickAndMorty(cached) { return nil }
                return try checked(repository, cached, start: start, profile: profile)
            }
            // One read, kept (unless the server says no-store): the next start, offline too,
            // chooses from the cache, a Rick and Morty root as any other.
            let found: ExplorerResources
            do throws(ExplorerError) {
                found = try await repository.resources(policy: .localFirst).value
            } catch let failure where isOutOfReach(failure) {
                // Out of reach with nothing cached: the Rick and Morty browser, as ever, unless
                // `--open` names a resource it has not (then why the API was not read).
                if let start, !opensRickAndMorty(start) { throw failure }
                return nil
            }
            if isRickAndMorty(found) { return nil }
            return try checked(repository, found, start: start, profile: profile)
        } catch .notFound(let url) {
            throw ValidationFailure(ExplorerError.noIndex(url: url, reason: "nothing was found there").description)
        } catch {
            throw ValidationFailure(error.description)
        }
    }

    /// Whether `resources` are Rick and Morty's index: its characters, locations and episodes.
    static func isRickAndMorty(_ resources: ExplorerResources) -> Bool {
        resources.discovery == .index && Set(resources.resources.map(\.name)) == ["characters", "locations", "episodes"]
    }

    /// Whether `failure` says the root could not be read now (the server or the cache), rather
    /// than what the root is.
    private static func isOutOfReach(_ failure: ExplorerError) -> Bool {
        switch failure {
        case .unavailable, .cancelled, .storage: true
        default: false
        }
    }

    /// Whether `start` names one of Rick and Morty's resources (its id is checked later).
    private static func opensRickAndMorty(_ start: ExplorerSession.Start) -> Bool {
        do throws(ListsStart.Refusal) {
            _ = try ListsStart(start)
            return true
        } catch .noSuchResource {
            return false
        } catch {
            return true
        }
    }

    /// The session of `resources`, when `start` names one of them, shown as `profile` says (else
    /// as the built-in profile of the API's identity, if it has one).
    private static func checked(
        _ repository: ExplorerRepository, _ resources: ExplorerResources, start: ExplorerSession.Start?,
        profile: ExplorerProfile?
    ) throws(ExplorerError) -> ExplorerSession {
        if let start, resources.named(start.resource) == nil {
            throw .noSuchResource(start.resource, known: resources.resources.map(\.name))
        }
        let shown = profile ?? BuiltInProfiles.profile(names: resources.resources.map(\.name), base: repository.api)
        return ExplorerSession(repository: repository, resources: resources.resources, start: start, profile: shown)
    }

    /// `--openapi`'s value as a URL: http(s) as given, anything else a file path.
    static func location(of text: String) -> URL {
        let lowered = text.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("file://"),
            let url = URL(string: text)
        {
            return url
        }
        return URL(fileURLWithPath: text)
    }
}
