@testable import BrowserApp
import CharacterData
import Foundation
import Hummingbird
import RickAndMortyHTTP
import TerminalUI
import TestSupport
import Testing

@Suite("An answer over the limit, on a narrow screen")
struct AnswerTooLargeTests {
    @Test("A 400 MiB page is refused, and the screen says so first: whole at 80 columns")
    func refusedAt80Columns() async throws {
        try await withZeroServer { baseURL, port in
            // GIVEN a browser over a server that answers every request with 400 MiB of zeros, on an
            // 80×24 terminal, with the default limit (16 MiB)
            let api = RemoteAPI(
                configuration: RemoteAPIConfiguration(baseURL: baseURL, timeout: .seconds(60)))
            let services = BrowserServices(
                repository: CharacterRepository(api: api, database: nil), networkSwitch: api.networkSwitch,
                apiDescription: "zeros")
            let backend = try HeadlessBackend(size: TerminalSize(width: 80, height: 24), keyScript: "esc q")
            // WHEN it starts (page 1 is read), the toast is dismissed, and it quits
            _ = try await CharacterBrowser(services: services).run(on: backend)
            // THEN the toast said the reason whole, from its first word after what failed
            let reason = "Answer too large: over 16 MiB from 127.0.0.1:\(port)."
            #expect(
                backend.frames.contains { $0.contains { $0.contains("Could not load page 1: " + reason) } })
            // AND, the toast gone, the status pane's error row begins with it
            #expect(backend.lastFrame.contains { $0.contains("│ error " + reason) })
            #expect(!backend.frames.joined().contains { $0.contains("The server is unavailable") })
        }
    }

    /// Runs `body` with a loopback server answering every request with 400 MiB of zeros, chunked
    /// from one 64 KiB buffer (it holds none of the answer), then stops it.
    private func withZeroServer(_ body: @Sendable (URL, Int) async throws -> Void) async throws {
        let zeros = ByteBuffer(repeating: 0, count: 64 << 10)
        let responder = CallbackResponder<BasicRequestContext> { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    for _ in 0..<((400 << 20) / zeros.readableBytes) { try await writer.write(zeros) }
                    try await writer.finish(nil)
                })
        }
        try await withLoopbackHTTPServer(responder, label: "zero-server") { port in
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)/api")), port)
        }
    }
}
