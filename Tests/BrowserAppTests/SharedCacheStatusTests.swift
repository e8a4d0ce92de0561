@testable import BrowserApp
import CharacterData
import Foundation
import PostgresCache
import RepositoryCore
import RickAndMortyHTTP
import TerminalUI
import Testing

/// The shared tier's state on screen: the status pane's network line and a toast when it goes down.
@Suite("The shared cache tier in the status pane")
struct SharedCacheStatusTests {
    @Test("A shared tier that cannot be reached shows as down in the status pane, with a warning toast")
    func downIsVisible() async throws {
        // GIVEN a repository whose shared tier's server is a closed loopback port
        let store = try PostgresCacheStore(
            location: try PostgresCacheLocation(parsing: "postgres://nobody@127.0.0.1:1/none"),
            options: PostgresCacheOptions(retryInterval: .seconds(600)))
        store.start()
        let closedPort = try #require(URL(string: "http://127.0.0.1:1/api"))
        let networkSwitch = NetworkSwitch()
        let repository = CharacterRepository(
            api: RemoteAPI(
                configuration: RemoteAPIConfiguration(baseURL: closedPort, timeout: .seconds(1)),
                networkSwitch: networkSwitch),
            database: nil, shared: store)
        let services = BrowserServices(
            repository: repository, networkSwitch: networkSwitch, apiDescription: "test",
            sharedCacheHealthChanges: { store.healthChanges() })
        let browser = CharacterBrowser(services: services)
        var state = BrowserState.initial(services: services)
        let size = TerminalSize(width: 100, height: 30)
        #expect(state.sharedCache == .starting)
        let start = browser.update(state: &state, event: .start(size))
        // (the browser subscribes to the tier's health at start; ticks and reads poll nothing)
        let subscription = try #require(
            start.first { $0.shape == .subscribe(key: CharacterBrowser.sharedCacheHealthKey) })
        guard case .subscribe(_, let operation) = subscription else { return }
        let (messages, continuation) = AsyncStream<BrowserMessage>.makeStream()
        let listener = Task { await operation(MessageSink { continuation.yield($0) }) }
        defer { listener.cancel() }
        // WHEN a read meets the tier down, and its health message reaches update
        _ = try? await repository.character(id: 1, policy: .localFirst)
        for await message in messages {
            #expect(browser.update(state: &state, event: .message(message)).isEmpty)
            if case .down = state.sharedCache { break }
        }
        // THEN the state, the status pane and a toast say so
        let reason: String? = if case .down(let reason) = state.sharedCache { reason } else { nil }
        #expect(reason?.isEmpty == false, "\(String(describing: state.sharedCache))")
        #expect(state.toast?.message.hasPrefix("Shared cache down") == true)
        var buffer = CellBuffer(size: size)
        browser.render(state: state, into: &buffer)
        #expect(buffer.textLines.contains { $0.contains("online · shared cache down") })
        await store.stop()
    }

    @Test("Without a shared tier nothing about it is shown")
    func offShowsNothing() throws {
        let networkSwitch = NetworkSwitch()
        let closedPort = try #require(URL(string: "http://127.0.0.1:1/api"))
        let repository = CharacterRepository(
            api: RemoteAPI(
                configuration: RemoteAPIConfiguration(baseURL: closedPort), networkSwitch: networkSwitch),
            database: nil)
        let browser = CharacterBrowser(
            services: BrowserServices(
                repository: repository, networkSwitch: networkSwitch, apiDescription: "test"))
        var state = BrowserState.initial(isOnline: true, apiDescription: "test")
        _ = browser.update(state: &state, event: .start(TerminalSize(width: 100, height: 30)))
        #expect(state.sharedCache == nil)
        #expect(repository.sharedCacheHealth == nil)
    }
}
