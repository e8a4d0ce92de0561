import AsyncHTTPExchange
import Foundation
import HTTPExchange
import TestSupport
import Testing

@Suite("AsyncHTTPExchange over a loopback server")
struct AsyncHTTPExchangeTests {
    let exchange = AsyncHTTPExchange.shared

    @Test("An answer comes whole with its status, headers and body; a 404 is an answer too")
    func wholeAnswer() async throws {
        try await withExchangeServer { server in
            let hello = try await exchange.exchange(
                HTTPExchangeRequest(method: "GET", url: server.url("/hello")))
            #expect(hello.status == 200)
            #expect(hello.header("etag") == "\"h1\"")
            #expect(String(decoding: hello.body, as: UTF8.self) == "hello")
            let missing = try await exchange.exchange(
                HTTPExchangeRequest(method: "GET", url: server.url("/missing")))
            #expect(missing.status == 404)
            #expect(String(decoding: missing.body, as: UTF8.self) == "not here")
        }
    }

    @Test("The method, headers and body go out as given")
    func requestAsGiven() async throws {
        try await withExchangeServer { server in
            let answer = try await exchange.exchange(
                HTTPExchangeRequest(
                    method: "PATCH", url: server.url("/echo"),
                    headers: [HTTPHeaderField("If-Match", "\"v7\"")],
                    body: Data("{\"name\":\"Rick\"}".utf8)))
            #expect(answer.status == 200)
            #expect(answer.header("ETag") == "\"v7\"")
            #expect(String(decoding: answer.body, as: UTF8.self) == "{\"name\":\"Rick\"}")
        }
    }

    @Test("A redirect is followed")
    func redirect() async throws {
        try await withExchangeServer { server in
            let answer = try await exchange.exchange(
                HTTPExchangeRequest(method: "GET", url: server.url("/moved")))
            #expect(answer.status == 200)
            #expect(String(decoding: answer.body, as: UTF8.self) == "hello")
        }
    }

    @Test("A body announced over the limit is refused from its head; one counted past it, as it arrives")
    func tooLarge() async throws {
        try await withExchangeServer { server in
            // The announced body sends 1 KiB of its 400 MiB and then holds: only its head can refuse it.
            await #expect(throws: HTTPExchangeError.tooLarge(limit: 16 << 20)) {
                _ = try await exchange.exchange(
                    HTTPExchangeRequest(method: "GET", url: server.url("/announced")))
            }
            await #expect(throws: HTTPExchangeError.tooLarge(limit: 32 << 10)) {
                _ = try await exchange.exchange(
                    HTTPExchangeRequest(method: "GET", url: server.url("/chunked")), limit: 32 << 10)
            }
            let whole = try await exchange.exchange(
                HTTPExchangeRequest(method: "GET", url: server.url("/chunked")), limit: 64 << 10)
            #expect(whole.body.count == 64 << 10)
        }
    }

    @Test("A reader that stops early lets the rest go: the server's next write fails")
    func unreadRestIsLetGo() async throws {
        try await withExchangeServer { server in
            let first = try await exchange.exchange(
                HTTPExchangeRequest(method: "GET", url: server.url("/endless"))
            ) {
                answer throws(HTTPExchangeError) in
                var parts = answer.body.makeAsyncIterator()
                return try await parts.next()?.count ?? 0
            }
            #expect(first > 0)
            await server.abandoned.reach(1)
            #expect(server.abandoned.value == 1)
        }
    }

    @Test("Past a total timeout the exchange ends as timed out, head or body")
    func totalTimeout() async throws {
        try await withExchangeServer { server in
            await #expect(throws: HTTPExchangeError.timedOut) {
                _ = try await exchange.exchange(
                    HTTPExchangeRequest(
                        method: "GET", url: server.url("/stalled"), timeout: .total(.milliseconds(300))))
            }
            await #expect(throws: HTTPExchangeError.timedOut) {
                _ = try await exchange.exchange(
                    HTTPExchangeRequest(
                        method: "GET", url: server.url("/endless"), timeout: .total(.milliseconds(300))),
                    limit: 1 << 30)
            }
        }
    }

    @Test("An idle timeout lets a long body through and ends a head that never comes")
    func idleTimeout() async throws {
        try await withExchangeServer { server in
            // GIVEN a body arriving 1 KiB a millisecond under an idle timeout of 30 s (that each
            // part restarts the timer is WatchdogTests' proof, on a clock the test moves: on the
            // wall clock, the whole suite beside this test has held the reader back for seconds)
            let request = HTTPExchangeRequest(
                method: "GET", url: server.url("/endless"), timeout: .idle(.seconds(30)))
            // WHEN 400 KiB are read THEN no timeout ends it
            let read = try await exchange.exchange(request) { answer throws(HTTPExchangeError) in
                var count = 0
                for try await part in answer.body {
                    count += part.count
                    if count >= 400 << 10 { break }
                }
                return count
            }
            #expect(read >= 400 << 10)
            // AND a head that never comes ends as timed out
            await #expect(throws: HTTPExchangeError.timedOut) {
                _ = try await exchange.exchange(
                    HTTPExchangeRequest(
                        method: "GET", url: server.url("/stalled"), timeout: .idle(.milliseconds(200))))
            }
        }
    }

    @Test("Cancelling the calling task ends the exchange as cancelled")
    func cancellation() async throws {
        try await withExchangeServer { server in
            let call = Task { () async throws(HTTPExchangeError) -> HTTPExchangeAnswer in
                try await exchange.exchange(HTTPExchangeRequest(method: "GET", url: server.url("/stalled")))
            }
            await server.gate.arrivals.reach(1)
            call.cancel()
            let result = await call.result
            #expect(throws: HTTPExchangeError.cancelled) { try result.get() }
        }
    }

    @Test("Nobody listening is 'not sent: connection refused'")
    func refused() async throws {
        let closed = try #require(UnlistenedPort())
        let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)/x"))
        await #expect(throws: HTTPExchangeError.connectionRefused) {
            _ = try await exchange.exchange(
                HTTPExchangeRequest(method: "PATCH", url: url, body: Data("{}".utf8)))
        }
        withExtendedLifetime(closed) {}
    }

    @Test("A host that does not resolve is 'not sent: host not found'")
    func unknownHost() async throws {
        // A name the resolver refuses without asking any DNS server: no wait on this machine's.
        let host = UnresolvableHost.name("exchange")
        let url = try #require(URL(string: "http://\(host)/x"))
        await #expect(throws: HTTPExchangeError.hostNotFound(host)) {
            _ = try await exchange.exchange(
                HTTPExchangeRequest(method: "GET", url: url, timeout: .total(.seconds(10))))
        }
    }

    @Test("A connection that breaks in the body, after the request left, is 'unreachable'")
    func brokenBody() async throws {
        try await withExchangeServer { server in
            await #expect(throws: HTTPExchangeError.connectionLost) {
                _ = try await exchange.exchange(HTTPExchangeRequest(method: "GET", url: server.url("/cut")))
            }
        }
    }

    @Test("A server that took the request and hung up before answering is 'unreachable', not 'not sent'")
    func hungUpAfterRequest() async throws {
        // GIVEN a listener that reads the request and closes the connection
        let listener = try #require(HangUpListener())
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/characters/1"))
        async let taken = onOwnThread { listener.takeRequestAndHangUp() }
        // WHEN a write is sent THEN it may have been taken: unreachable
        await #expect(throws: HTTPExchangeError.connectionLost) {
            _ = try await exchange.exchange(
                HTTPExchangeRequest(method: "PATCH", url: url, body: Data("{}".utf8)))
        }
        #expect(try await taken > 0)
    }

    @Test("A task cancelled before the call sends nothing")
    func cancelledBeforehand() async throws {
        _ = try await withExchangeServer { server in
            let result = await Task { () async throws(HTTPExchangeError) -> HTTPExchangeAnswer in
                withUnsafeCurrentTask { $0?.cancel() }
                return try await exchange.exchange(
                    HTTPExchangeRequest(method: "GET", url: server.url("/stalled")))
            }.result
            #expect(throws: HTTPExchangeError.cancelled) { try result.get() }
            #expect(server.gate.arrivals.value == 0)
        }
    }
}
