@testable import BrowserApp
import CharacterData
import DownloadCache
import ExplorerData
import ExplorerModel
import Foundation
import HTTPExchange
import PersistentCache
import RickAndMortyHTTP
import RickAndMortyServer
import TerminalUI
import Testing

/// The picture a profile names (`image`) on the explorer's detail: loaded through the avatar
/// loader, drawn as a character's avatar is (beside the tree, above it when the pane is narrow),
/// a one-line note when it cannot be shown; and Rick and Morty's characters explored with the
/// built-in profile against the embedded server, their avatars drawn.
@Suite("Images on the explorer's detail")
struct ExplorerImageTests {
    /// People whose `image` field holds their picture's URL.
    static let profile = ExplorerProfile(
        name: "test", resources: ["people": ResourceProfile(image: FieldPath("image"))])

    /// Luke with a picture at `image`.
    static func luke(image: String = "http://api.test/media/luke.jpeg") -> ExplorerEntity {
        ExplorerSample.entity(
            """
            {"name": "Luke Skywalker", "height": "172", "image": "\(image)",
             "homeworld": "http://api.test/api/planets/1/", "url": "http://api.test/api/people/1/"}
            """, at: "/api/people/1", title: "Luke Skywalker")
    }

    /// A browser on the sample API shown by `profile`, images on (a loader no test runs), Luke's
    /// detail opened and answered with `entity`; the effects of that answer.
    static func opened(
        _ entity: ExplorerEntity = luke(), profile: ExplorerProfile? = profile, imagesOn: Bool = true,
        size: TerminalSize = TerminalSize(width: 100, height: 30)
    ) -> (Driver, [Effect<BrowserMessage>]) {
        var driver = Driver(explorer: nil, size: size, profile: profile) { services in
            if imagesOn { services.avatars = AvatarBrowserTests.temporaryLoader() }
        }
        driver.answerExplorerPage(1)
        driver.press(.enter)
        let effects = driver.answerExplorerEntity(entity)
        return (driver, effects)
    }

    static func detail(_ driver: Driver) -> ExplorerDetailScreen? { driver.state.screens.last as? ExplorerDetailScreen }

    static func loadsImage(_ effects: [Effect<BrowserMessage>]) -> Bool {
        effects.contains { if case .run(let key?) = $0.shape { key.contains("explorer-image") } else { false } }
    }

    @Test("The entity's picture loads with a progress bar, then is drawn beside the tree with where it came from")
    func drawnBeside() throws {
        var (driver, effects) = Self.opened(size: TerminalSize(width: 160, height: 40))
        #expect(Self.loadsImage(effects))
        driver.deliver(
            ExplorerDetailScreen.Message.imageProgress(received: 4_000, expected: 8_000), to: ExplorerDetailScreen.self)
        #expect(driver.frame.joined(separator: "\n").contains("50% 4.0 KB of 8.0 KB"))
        let outcome = AvatarOutcome(
            result: .success(AvatarBrowserTests.card), origin: .network, bytes: 8_123, elapsed: .milliseconds(42))
        driver.deliver(ExplorerDetailScreen.Message.imageLoaded(refresh: false, outcome), to: ExplorerDetailScreen.self)
        let detail = try #require(Self.detail(driver))
        let area = try #require(detail.imageArea)
        let inside = driver.state.layout.mainInterior.inset(left: 1)
        // Beside the tree, as a character's avatar: the lines end a column before the picture.
        #expect(area == ExplorerDetailScreen.pictureArea(of: driver.state.layout))
        #expect(detail.content.maxX < area.x && detail.content.width < inside.width)
        let frame = driver.frame
        #expect(frame.contains { $0.contains("network · 8.1 KB · 42 ms") })
        #expect(frame[area.y].contains("▀") || frame[area.y].contains("▄"))
        #expect(frame.contains { $0.contains("name: Luke Skywalker") })
        #expect(driver.state.latest?.query == "image /api/people/1")
        // AND `r` revalidates it with the entity
        let refreshed = driver.press("r")
        #expect(Self.loadsImage(refreshed))
    }

    @Test("On a narrow pane the picture goes above the tree, as a character's avatar does")
    func drawnAbove() throws {
        var (driver, _) = Self.opened(size: TerminalSize(width: 60, height: 24))
        let outcome = AvatarOutcome(
            result: .success(AvatarBrowserTests.card), origin: .fileCache, bytes: 8_123, elapsed: .milliseconds(1))
        driver.deliver(ExplorerDetailScreen.Message.imageLoaded(refresh: false, outcome), to: ExplorerDetailScreen.self)
        let detail = try #require(Self.detail(driver))
        let area = try #require(detail.imageArea)
        #expect(area == ExplorerDetailScreen.pictureArea(of: driver.state.layout))
        #expect(detail.content.y == area.maxY && detail.content.x == area.x)
        #expect(driver.frame.contains { $0.contains("file cache · 8.1 KB") })
    }

    @Test("A picture that cannot be shown is one line above the tree, saying why; the tree keeps its width")
    func failureNote() throws {
        var (driver, _) = Self.opened()
        let outcome = AvatarOutcome(
            result: .failure(AvatarFailure("No image: The image is not a JPEG.")), origin: .network, bytes: 812,
            elapsed: .milliseconds(3))
        driver.deliver(ExplorerDetailScreen.Message.imageLoaded(refresh: false, outcome), to: ExplorerDetailScreen.self)
        let detail = try #require(Self.detail(driver))
        let inside = driver.state.layout.mainInterior.inset(left: 1)
        #expect(detail.imageArea?.height == 1)
        #expect(detail.content.width == inside.width && detail.content.y == inside.y + 1)
        #expect(driver.frame[inside.y].contains("No image: The image is not a JPEG."))
        #expect(driver.state.latest?.error == "No image: The image is not a JPEG.")
    }

    @Test("Back online, a picture that could not be shown is loaded again, once: not again while it loads")
    func loadedAgainOnline() throws {
        var (driver, _) = Self.opened()
        let outcome = AvatarOutcome(
            result: .failure(AvatarFailure("No image offline: the avatar is not cached.")),
            origin: nil, bytes: 0, elapsed: .milliseconds(1))
        driver.deliver(ExplorerDetailScreen.Message.imageLoaded(refresh: false, outcome), to: ExplorerDetailScreen.self)
        driver.press("o")
        driver.press("o")
        #expect(Self.loadsImage(driver.deliver(.reconnected(number: driver.state.switchSettings))))
        let loading = if case .loading? = Self.detail(driver)?.image { true } else { false }
        #expect(loading)
        // (loading now: going online again starts nothing more)
        #expect(!Self.loadsImage(driver.deliver(.reconnected(number: driver.state.switchSettings))))
    }

    @Test("A URL naming a PNG is a note at once, without a read")
    func pngNote() throws {
        let (driver, effects) = Self.opened(Self.luke(image: "http://api.test/media/luke.png"))
        #expect(!Self.loadsImage(effects))
        #expect(driver.frame.contains { $0.contains("No image: image is a PNG picture; only JPEG is drawn.") })
    }

    @Test("Nothing is loaded or drawn without an image field, without a value there, or with images off")
    func noPicture() throws {
        let cases = [
            Self.opened(profile: nil), Self.opened(ExplorerSample.luke), Self.opened(imagesOn: false),
        ]
        for (driver, effects) in cases {
            #expect(!Self.loadsImage(effects))
            let detail = try #require(Self.detail(driver))
            #expect(detail.image == nil && detail.imageArea == nil)
            #expect(detail.content == driver.state.layout.mainInterior.inset(left: 1))
        }
    }

    @Test("A load cancelled by a push leaves no picture and starts again when the detail is on top")
    func suspendAndResume() throws {
        var (driver, _) = Self.opened()
        let pushed = driver.press("n")
        _ = pushed
        let effects = driver.press(.enter)
        #expect(effects.contains { if case .cancel(let key) = $0.shape { key.contains("explorer-image") } else { false } })
        let back = driver.press(.escape)
        #expect(Self.loadsImage(back))
    }

    @Test("Rick and Morty explored with the built-in profile: a character's avatar is drawn from the embedded server")
    func rickAndMortyAvatar() async throws {
        let server = RickAndMortyServer(dataset: try Dataset.sample(), configuration: .ephemeralLoopback)
        let base = try await server.start()
        let folder = AvatarBrowserTests.loaderFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let api = URL(string: base.absoluteString + "/") ?? base
            let remote = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: base, timeout: .seconds(60)))
            let repository = try ExplorerRepository(
                base: api, exchange: RemoteAPIExchange(api: remote), database: try CacheDatabase.inMemory())
            let resources = try await repository.resources().value.resources
            let profile = BuiltInProfiles.profile(names: resources.map(\.name), base: repository.api)
            #expect(profile?.name == "Rick and Morty")
            let session = ExplorerSession(
                repository: repository, resources: resources,
                start: ExplorerSession.Start(parsing: "characters/1"), profile: profile)
            var driver = Driver(explorer: nil, size: TerminalSize(width: 120, height: 36)) { services in
                services.explorer = session
                services.avatars = AvatarLoader(
                    directory: folder, transport: HTTPExchangeTransport(timeout: 60), apiBaseURL: base)
            }
            await driver.settle()
            let detail = try #require(Self.detail(driver))
            #expect(detail.entity?.title == "Rick Sanchez")
            guard case .shown(let picture, let origin, _, _)? = detail.image else {
                Issue.record("no avatar: \(String(describing: detail.image))")
                await server.stop()
                return
            }
            #expect(origin == .network)
            #expect(picture.image.width >= 40)
            #expect(driver.frame.contains { $0.contains("network · ") })
            #expect(driver.frame.contains { $0.contains("name: Rick Sanchez") })
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
