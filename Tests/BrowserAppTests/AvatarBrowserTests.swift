@testable import BrowserApp
import DownloadCache
import Foundation
import RickAndMortyServer
import TerminalUI
import Testing

/// The avatar in the browser: loading with a progress bar, drawn with its provenance, a reason
/// instead of a picture, cancelled on leaving, refreshed with `r`; golden frames in three colour modes.
@Suite("Avatars in the detail pane")
struct AvatarBrowserTests {
    /// A new folder's path for a loader's files (not created: a loader makes it when it first
    /// keeps a file); a test whose loader loads removes it.
    static func loaderFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "avatar-browser-\(UUID().uuidString)", isDirectory: true)
    }

    /// A loader in a folder of its own (`loaderFolder()` unless given). Its transport waits up to
    /// 120 s for data: a budget for a busy run (the in-process server answers on the pool every
    /// test shares, slower still under AddressSanitizer), not a subject; no test here is about a
    /// timeout.
    static func temporaryLoader(in folder: URL = loaderFolder()) -> AvatarLoader {
        AvatarLoader(directory: folder, transport: HTTPExchangeTransport(timeout: 120))
    }

    /// A 60×60 test card: four coloured quadrants, so placement and colours show in frames.
    static let card: HalfBlockPicture = {
        var bytes: [UInt8] = []
        for y in 0..<60 {
            for x in 0..<60 {
                switch (x < 30, y < 30) {
                case (true, true): bytes += [230, 40, 40]
                case (false, true): bytes += [40, 200, 60]
                case (true, false): bytes += [40, 60, 220]
                case (false, false): bytes += [240, 240, 240]
                }
            }
        }
        return HalfBlockPicture(PixelImage(width: 60, height: 60, rgb: bytes)!)
    }()

    static func opened(
        size: TerminalSize = TerminalSize(width: 100, height: 30), mode: ColorMode = .palette256
    )
        -> Driver
    {
        var driver = Driver(size: size, avatars: temporaryLoader(), colorMode: mode)
        driver.answerPendingPages()
        driver.press(.enter)
        driver.answerDetail()
        return driver
    }

    static func loaded(_ driver: inout Driver, origin: AvatarOrigin = .network) {
        driver.deliver(
            ExplorerDetailScreen.Message.imageLoaded(
                refresh: false,
                AvatarOutcome(
                    result: .success(card), origin: origin, bytes: 8_123, elapsed: .milliseconds(42))))
    }

    @Test("The character's read starts the avatar load; progress draws a bar with bytes and percent")
    func progressBar() throws {
        var driver = Driver(avatars: Self.temporaryLoader())
        driver.answerPendingPages()
        driver.press(.enter)
        let effects = driver.answerDetail()
        #expect(effects.shapes.contains(.run(key: try #require(driver.state.detail?.imageTaskKey))))
        driver.deliver(ExplorerDetailScreen.Message.imageProgress(received: 4_000, expected: 8_000))
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("50% 4.0 KB of 8.0 KB"))
        #expect(frame.contains("[███"))
    }

    @Test(
        "The loaded avatar is drawn as half blocks with where it came from, bytes and ms; the events say so")
    func drawnWithProvenance() throws {
        var driver = Self.opened()
        Self.loaded(&driver, origin: .fileCache)
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("▀▀▀▀"))
        #expect(frame.contains("file cache · 8.1 KB · 42 ms"))
        #expect(frame.contains("Rick Sanchez"))  // the fields are still there
        let event = try #require(driver.events.all.last)
        #expect(
            event.query == "avatar 1" && event.origin == .avatar(.fileCache) && event.bytes == 8_123
                && event.ms == 42)
        #expect(event.policy == .download(.bypassServerCallOnFoundItem))
        #expect(driver.state.latest == event)
    }

    @Test("A failure shows one line where the picture would be; the rest of the detail works")
    func failureLine() throws {
        var driver = Self.opened()
        driver.deliver(
            ExplorerDetailScreen.Message.imageLoaded(
                refresh: false,
                AvatarOutcome(
                    result: .failure(AvatarFailure("No image: The image is not a JPEG.")), origin: nil,
                    bytes: 0,
                    elapsed: .milliseconds(3))))
        let frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("No image: The image is not a JPEG."))
        #expect(frame.contains("Species   Human"))
        #expect(driver.events.all.last?.error == "No image: The image is not a JPEG.")
        driver.press("j")  // moving still works
        #expect(driver.state.detail?.cursor.selected == 1)
    }

    @Test("Leaving the detail while the avatar loads cancels it; a late answer is dropped")
    func cancelOnLeave() throws {
        var driver = Driver(avatars: Self.temporaryLoader())
        driver.answerPendingPages()
        driver.press(.enter)
        driver.answerDetail()
        let key = try #require(driver.state.detail?.imageTaskKey)
        let effects = driver.press(.escape)
        #expect(effects.shapes.contains(.cancel(key: key)))
        Self.loaded(&driver)
        #expect(driver.state.detail == nil)
        #expect(!driver.events.all.contains { $0.query == "avatar 1" })
    }

    @Test("r in the detail revalidates the avatar, and the answer says so")
    func refreshRevalidates() throws {
        var driver = Self.opened()
        Self.loaded(&driver)
        let effects = driver.press("r")
        #expect(effects.shapes.contains(.run(key: try #require(driver.state.detail?.imageTaskKey))))
        driver.deliver(
            ExplorerDetailScreen.Message.imageLoaded(
                refresh: true,
                AvatarOutcome(
                    result: .success(Self.card), origin: .revalidated, bytes: 8_123, elapsed: .milliseconds(5)
                )
            ))
        let event = try #require(driver.events.all.last)
        #expect(
            event.origin == .avatar(.revalidated) && event.policy == .download(.alwaysFetchWithCustomHeader))
        #expect(driver.frame.joined(separator: "\n").contains("revalidated · 8.1 KB · 5.0 ms"))
    }

    @Test("Moving in a detail with an avatar redraws only the fields: no avatar cell is in the diff")
    func diffSparesTheAvatar() throws {
        for size in [TerminalSize(width: 150, height: 40), TerminalSize(width: 100, height: 30)] {
            var driver = Self.opened(size: size)
            Self.loaded(&driver)
            let before = driver.rendered
            driver.press("j")
            let changes = driver.rendered.changes(since: before)
            #expect(!changes.isEmpty)
            let artCells = Set(
                (0..<before.height).flatMap { y in
                    (0..<before.width).compactMap { x in before[x, y]?.text == "▀" ? "\(x),\(y)" : nil }
                })
            #expect(!artCells.isEmpty)
            #expect(changes.allSatisfy { !artCells.contains("\($0.x),\($0.y)") }, "\(size)")
        }
    }

    @Test("--no-images: no load, no picture, the fields as before")
    func noImages() throws {
        var driver = Driver()
        driver.answerPendingPages()
        driver.press(.enter)
        let effects = driver.answerDetail()
        #expect(!effects.shapes.contains(.run(key: try #require(driver.state.detail?.imageTaskKey))))
        #expect(driver.state.detail?.image == nil)
        #expect(driver.frame.joined(separator: "\n").contains("Species   Human"))
    }

    @Test("The progress bar shows in rendered frames against a trickling server, then the picture")
    func progressAgainstTricklingServer() async throws {
        let server = RickAndMortyServer(
            dataset: try Dataset.sample(),
            configuration: ServerConfiguration(port: 0, faults: FaultSettings(trickle: .milliseconds(2))))
        let base = try await server.start()
        let folder = Self.loaderFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var driver = Driver(avatars: Self.temporaryLoader(in: folder))
        driver.answerPendingPages()
        driver.press(.enter)
        // The list's sample points at the public API; the open character's picture is at this server.
        var rick = SampleData.character(1)
        rick.image = "\(base.absoluteString)/character/avatar/1.jpeg"
        let effects = driver.answerKept(try #require(RickAndMortyEntities.entity(rick)))
        let key = try #require(driver.state.detail?.imageTaskKey)
        let messages = await effects.filter { $0.shape == .run(key: key) }.runAll()
        await server.stop()
        var frames: [String] = []
        for message in messages {
            driver.deliver(message)
            frames.append(driver.frame.joined(separator: "\n"))
        }
        #expect(frames.contains { $0.contains("%") && $0.contains("KB of") })
        #expect(frames.last?.contains("▀") == true)
        #expect(messages.count > 3)
    }

    @Test("Golden frames of a detail with an avatar: truecolor, 256 colours and NO_COLOR")
    func golden() throws {
        for (mode, name) in [
            (ColorMode.truecolor, "detail-avatar-truecolor-100x30"),
            (.palette256, "detail-avatar-256-100x30"),
            (.monochrome, "detail-avatar-nocolor-100x30"),
        ] {
            var driver = Self.opened(mode: mode)
            Self.loaded(&driver)
            try GoldenFrame.check(driver.frame + GoldenFrame.colourRows(driver.rendered), named: name)
        }
    }
}
