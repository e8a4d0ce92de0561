import Benchmark
import Foundation
import Hummingbird
import Logging
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

// Peak memory while a page read refuses a 400 MiB answer: a loopback server streams 400 MiB of
// zeros (one 64 KiB buffer written again and again: the server holds none of it), chunked, and
// the client reads page 1 with the default answer limit (16 MiB). The goal: the process's peak
// resident memory stays near the limit, not near the answer's size.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.peakMemoryResident, .wallClock], timeUnits: .milliseconds, maxDuration: .seconds(60),
        maxIterations: 5)

    Benchmark(
        "Refuse a 400 MiB answer (chunked, default limit)", configuration: configuration,
        closure: { benchmark, server in
            let api = RemoteAPI(
                configuration: RemoteAPIConfiguration(baseURL: server.baseURL, timeout: .seconds(120)))
            for _ in benchmark.scaledIterations {
                do {
                    blackHole(try await api.characterPages.get(CharacterFilter().pageQuery(1)))
                    benchmark.error("a 400 MiB answer of zeros was accepted")
                } catch {
                    blackHole(error)
                }
            }
        }, setup: { try await ZeroServer.start() }, teardown: { await ZeroServer.stop() })
}

/// A loopback server answering every request with 400 MiB of zeros, chunked, written from one
/// 64 KiB buffer; the one instance of a benchmark run. Thread-safe: its state is immutable and
/// the running task is kept by `ZeroServer.running`, an actor.
struct ZeroServer: Sendable {
    /// `http://127.0.0.1:PORT/api`.
    let baseURL: URL

    static let answerSize = 400 << 20
    static let running = RunningServer()

    /// Starts the server on a free port.
    static func start() async throws -> ZeroServer {
        let zeros = ByteBuffer(repeating: 0, count: 64 << 10)
        let responder = CallbackResponder<BasicRequestContext> { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    for _ in 0..<(answerSize / zeros.readableBytes) { try await writer.write(zeros) }
                    try await writer.finish(nil)
                })
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "zero-server")
        logger.logLevel = .critical
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                if let port = channel.localAddress?.port { portSink.yield(port) }
                portSink.finish()
            },
            logger: logger)
        let task = Task {
            defer { portSink.finish() }
            try await app.run()
        }
        await running.keep(task)
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)/api") else {
            throw ZeroServerError.didNotStart
        }
        return ZeroServer(baseURL: url)
    }

    /// Stops the server started last.
    static func stop() async { await running.stop() }
}

/// The running server's task, cancelled to stop it.
actor RunningServer {
    private var task: Task<Void, any Error>?

    func keep(_ task: Task<Void, any Error>) { self.task = task }

    func stop() async {
        task?.cancel()
        _ = await task?.result
        task = nil
    }
}

/// The zero server could not start.
enum ZeroServerError: Error { case didNotStart }
