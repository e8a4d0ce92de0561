import Benchmark
import BrowserApp
import CharacterData
import DownloadCache
import Foundation
import JPEGCodec
import Locking
import Logging
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import TerminalUI

/// The executable's entry: registers `benchmarks` with package-benchmark's runner.
@main enum BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { benchmarks() }
}

// Avatars: decoding a 300×300 JPEG into a 40×20-cell block (goal p99 ≤ 2 ms); an avatar from the
// file cache against one from the embedded server on loopback (goal: cached ≥ 20× faster); and
// opening a character whose avatar is cached against opening it without images (goal ≤ +10 %).
let benchmarks: @Sendable () -> Void = {
    let fast = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 5_000)

    Benchmark(
        "Decode + scale + quantise a 300x300 JPEG into 40x20 cells (256 colours)", configuration: fast,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(try fixture.decodeIntoCells())
            }
        }, setup: { try await AvatarFixture.shared() })

    Benchmark(
        "Avatar from the file cache", configuration: fast,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(await fixture.loader.load(url: fixture.avatarURL, refresh: false))
            }
        }, setup: { try await AvatarFixture.shared() })

    Benchmark(
        "Avatar from the embedded server over loopback", configuration: fast,
        closure: { benchmark, fixture in
            // Each load first forgets the cached file (an unlink and an index write), so the server is asked.
            for _ in benchmark.scaledIterations {
                fixture.loader.cache.remove(key: fixture.avatarKey)
                blackHole(await fixture.loader.load(url: fixture.avatarURL, refresh: false))
            }
        }, setup: { try await AvatarFixture.shared() })

    Benchmark(
        "Open a character and go back, without images", configuration: fast,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(await fixture.withoutImages.openAndClose())
            }
        }, setup: { try await AvatarFixture.shared() })

    Benchmark(
        "Open a character and go back, avatar in the file cache", configuration: fast,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(await fixture.withImages.openAndClose())
            }
        }, setup: { try await AvatarFixture.shared() })
}

/// The embedded server with the sample, an avatar loader over a temporary folder, and two
/// browsers (with and without images) with page 1 loaded. Built once and shared by the benchmarks.
final class AvatarFixture: Sendable {
    private static let instance = PThreadMutex<AvatarFixture?>(nil)

    let server: RickAndMortyServer
    let loader: AvatarLoader
    let avatarURL: String
    let avatarKey = "127.0.0.1/api/character/avatar/1.jpeg"
    let jpeg: [UInt8]
    let withImages: BrowserDriver
    let withoutImages: BrowserDriver

    static func shared() async throws -> AvatarFixture {
        if let existing = instance.withLock({ $0 }) { return existing }
        let fixture = try await AvatarFixture()
        instance.withLock { $0 = fixture }
        return fixture
    }

    private init() async throws {
        let quiet = Logger(label: "avatar-benchmarks", factory: { _ in SwiftLogNoOpLogHandler() })
        server = RickAndMortyServer(
            dataset: try Dataset.sample(), configuration: .ephemeralLoopback, logger: quiet)
        let base = try await server.start()
        avatarURL = "\(base.absoluteString)/character/avatar/1.jpeg"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "avatar-benchmarks-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        loader = AvatarLoader(directory: folder)
        _ = try await loader.load(url: avatarURL, refresh: false).result.get()
        let file = try loader.cache.find(key: avatarKey).map { try Data(contentsOf: $0) }
        jpeg = Array(file ?? Data())
        withImages = try await BrowserDriver(baseURL: base, avatars: loader)
        withoutImages = try await BrowserDriver(baseURL: base, avatars: nil)
    }

    /// Decodes the 300×300 avatar (scaled in the DCT to cover 40×40) and draws it in 40×20 cells.
    func decodeIntoCells() throws -> Int {
        let decoded = try JPEGDecoder.decode(jpeg, minimumWidth: 40, minimumHeight: 40)
        guard let image = PixelImage(width: decoded.width, height: decoded.height, rgb: decoded.bytes) else {
            return 0
        }
        var buffer = CellBuffer(size: TerminalSize(width: 40, height: 20))
        HalfBlockArt(image: image, mode: .palette256).render(in: buffer.area, buffer: &buffer)
        return buffer.cells.count
    }
}

/// A browser over the embedded server with page 1 loaded (so character 1 is in memory), driven
/// by hand: open the first character, run its effects to the end, draw, go back. Each opening is
/// carried out by one browser, as the runtime's one app carries out an input and the messages of
/// its work; a new one each time, so its panes' drawings are not kept from the last opening.
final class BrowserDriver: Sendable {
    let services: BrowserServices
    private let state: PThreadMutex<BrowserState>

    init(baseURL: URL, avatars: AvatarLoader?) async throws {
        let networkSwitch = NetworkSwitch()
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL), networkSwitch: networkSwitch)
        services = BrowserServices(
            repository: CharacterRepository(api: api, database: nil), networkSwitch: networkSwitch,
            apiDescription: "embedded", avatars: avatars)
        let browser = CharacterBrowser(services: services)
        var initial = BrowserState.initial(size: TerminalSize(width: 100, height: 30))
        let effects = browser.update(state: &initial, event: .start(TerminalSize(width: 100, height: 30)))
        state = PThreadMutex(initial)
        _ = await run(effects, browser: browser)
    }

    /// Applies every message of `effects`' tasks through `browser`, in order; returns how many there were.
    private func run(_ effects: [Effect<BrowserMessage>], browser: CharacterBrowser) async -> Int {
        var count = 0
        for effect in effects {
            guard case .run(_, let operation) = effect else { continue }
            let collected = PThreadMutex<[BrowserMessage]>([])
            await operation(MessageSink { message in collected.withLock { $0.append(message) } })
            for message in collected.withLock({ $0 }) {
                count += 1
                let more = state.withLock { browser.update(state: &$0, event: .message(message)) }
                count += await run(more, browser: browser)
            }
        }
        return count
    }

    /// Opens the selected character, lets every read and the avatar finish, draws, and goes back.
    func openAndClose() async -> Int {
        let browser = CharacterBrowser(services: services)
        let effects = state.withLock { browser.update(state: &$0, event: .input(.key(.enter))) }
        let messages = await run(effects, browser: browser)
        let frame = state.withLock { current in
            var buffer = CellBuffer(size: current.size)
            browser.render(state: current, into: &buffer)
            _ = browser.update(state: &current, event: .input(.key(.escape)))
            return buffer.cells.count
        }
        return messages + frame
    }
}
