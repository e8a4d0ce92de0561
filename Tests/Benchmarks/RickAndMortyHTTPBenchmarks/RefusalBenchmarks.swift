import Benchmark
import Foundation
import Hummingbird
import Logging
import TestSupport

/// The resident peak above the child's baseline, and the baseline, in KiB; the refusal's time.
let peakAboveBaseline = BenchmarkMetric.custom("resident peak above baseline (KiB)", useScalingFactor: false)
let baselineResident = BenchmarkMetric.custom("baseline resident (KiB)", useScalingFactor: false)
let refusalTime = BenchmarkMetric.custom("refused after (ms)", useScalingFactor: false)

// A loopback server streams 400 MiB of zeros (one 64 KiB buffer written again and again: the
// server holds none of it), chunked; a child process (`AnswerRefusalProbe`, built beside this
// binary) reads page 1 through the transport with the 16 MiB limit and reports its resident
// high-water mark above its baseline (the transport built and warmed by one small read). The
// server runs here, so the child's figures are the client's alone.
func refusalBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [peakAboveBaseline, baselineResident, refusalTime], maxDuration: .seconds(120),
        maxIterations: 7)
    for (label, transport) in [("t6", "asynchttp")] {
        Benchmark(
            "(\(label)) refuse a 400 MiB answer in a child process, \(transport)",
            configuration: configuration,
            closure: { benchmark, server in
                for _ in benchmark.scaledIterations {
                    let figures = try await RefusalProbe.run(transport: transport, root: server.baseURL)
                    benchmark.measurement(peakAboveBaseline, figures.peak - figures.baseline)
                    benchmark.measurement(baselineResident, figures.baseline)
                    benchmark.measurement(refusalTime, figures.milliseconds)
                }
            }, setup: { try await ZeroServer.start() }, teardown: { await ZeroServer.stop() })
    }
}

/// Runs `AnswerRefusalProbe` and reads its line. Stateless.
enum RefusalProbe {
    struct Figures {
        var baseline: Int
        var peak: Int
        var milliseconds: Int
    }

    /// The probe's figures for one refusal through `transport` from the server at `root`.
    static func run(transport: String, root: URL) async throws -> Figures {
        guard let probe = BuiltExecutable.url(named: "AnswerRefusalProbe") else {
            throw ProbeError.failed("AnswerRefusalProbe is not built beside this binary")
        }
        let run = try await ChildProcess.run([probe.path, transport, root.absoluteString])
        var fields: [String: String] = [:]
        for pair in run.output.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard run.status == 0, fields["outcome"] == "refused",
            let baseline = fields["baseline_kib"].flatMap(Int.init),
            let peak = fields["peak_kib"].flatMap(Int.init),
            let milliseconds = fields["refused_ms"].flatMap(Int.init)
        else {
            throw ProbeError.failed("the probe said: \(run.output) \(run.errors)")
        }
        return Figures(baseline: baseline, peak: peak, milliseconds: milliseconds)
    }
}

/// The probe did not refuse the answer, or could not run.
enum ProbeError: Error { case failed(String) }

/// A loopback server answering `/api/small` with `[]` and anything else with 400 MiB of zeros,
/// chunked, written from one 64 KiB buffer; the one instance of a benchmark run. Thread-safe: its
/// state is immutable and the running task is kept by `ZeroServer.running`, an actor.
struct ZeroServer: Sendable {
    /// `http://127.0.0.1:PORT/api`.
    let baseURL: URL

    static let answerSize = 400 << 20
    static let running = RunningServer()

    /// Starts the server on a free port.
    static func start() async throws -> ZeroServer {
        let zeros = ByteBuffer(repeating: 0, count: 64 << 10)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            if request.uri.path.hasSuffix("/small") {
                return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "[]")))
            }
            return Response(
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
