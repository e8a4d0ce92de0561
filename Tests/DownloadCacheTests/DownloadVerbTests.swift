import DownloadCache
import Foundation
import TestSupport
import Testing

@Suite("Callback, future and async verbs", .hangGuard)
struct DownloadVerbTests {
    @Test("The callback and future forms give the async form's result")
    func sameResults() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a warm bypassing cache and a revalidating one
            let cached = fixture.service(
                server.url("/etag/strong"), key: "hit",
                provider: fixture.fileCache(.bypassServerCallOnFoundItem))
            _ = try await cached.downloadAsync()
            let revalidating = fixture.service(
                server.url("/etag/weak"), key: "reval",
                provider: fixture.fileCache(.alwaysFetchWithCustomHeader))
            _ = try await revalidating.downloadAsync()

            for service in [cached, revalidating] {
                // WHEN each is downloaded with the three verbs
                let viaAsync = try await service.downloadAsync(progress: nil)
                let viaCallback = try await callbackOutcome(service).get()
                let viaFuture = try await service.download(progress: nil).value
                // THEN they agree on file and origin (headers differ only by the server's Date)
                #expect(viaCallback.value == viaAsync.value && viaFuture.value == viaAsync.value)
                #expect(viaCallback.origin == viaAsync.origin && viaFuture.origin == viaAsync.origin)
                #expect(viaCallback.header("ETag") == viaAsync.header("ETag"))
                #expect(viaFuture.header("ETag") == viaAsync.header("ETag"))
            }
            // AND a pure cache hit is identical in every field
            let hits = [
                try await cached.downloadAsync(progress: nil),
                try await callbackOutcome(cached).get(),
                try await cached.download(progress: nil).value,
            ]
            #expect(Set(hits).count == 1)
        }
    }

    @Test("The callback and future forms give the async form's error")
    func sameErrors() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a missing resource
            let service = fixture.service(
                server.url("/missing"), key: "m", provider: fixture.fileCache(.alwaysFetchWithCustomHeader))
            // WHEN downloaded with the three verbs
            let viaAsync = await downloadError(service)
            let viaCallback = await callbackOutcome(service)
            let viaFuture = await service.download(progress: nil).outcome
            // THEN all fail with the same 404
            let expected = DownloadError.httpStatus(code: 404, url: server.url("/missing").absoluteString)
            #expect(viaAsync == expected)
            #expect(viaCallback == .failure(expected))
            #expect(viaFuture == .failure(expected))
        }
    }

    @Test("A future serves every subscriber, before and after it finishes")
    func futureSubscribers() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a started future with one early subscriber
            let future = fixture.service(
                server.url("/etag/strong"), key: "k",
                provider: fixture.fileCache(.bypassServerCallOnFoundItem)
            ).download(progress: nil)
            let early = await withCheckedContinuation { continuation in
                future.subscribe { continuation.resume(returning: $0) }
            }
            // WHEN a late subscriber and an awaiting caller ask
            let late = await withCheckedContinuation { continuation in
                future.subscribe { continuation.resume(returning: $0) }
            }
            let awaited = try await future.value
            // THEN all see the one download
            #expect(early == late && late == .success(awaited))
            #expect(server.log.count("/etag/strong") == 1)
        }
    }

    @Test("Cancelling the async call cancels the transfer")
    func cancelAsync() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a download that has received its first bytes and then stalls
            let (firstBytes, signal) = AsyncStream<Double>.makeStream()
            let progress = ProgressLog()
            let provider = CountingCacheProvider(
                base: fixture.fileCache(.alwaysFetchWithCustomHeader), policy: .alwaysFetchWithCustomHeader)
            let service = fixture.service(server.url("/gated"), key: "g", provider: provider)
            let task = Task {
                try await service.downloadAsync { value in
                    progress.handler(value)
                    signal.yield(value)
                }
            }
            for await _ in firstBytes { break }

            // WHEN the calling task is cancelled
            task.cancel()

            // THEN the download fails as cancelled, nothing is stored, no partial file is left, and 1 never came
            let outcome = await task.result
            #expect(throws: DownloadError.cancelled) { try outcome.get() }
            #expect(provider.calls.store == 0)
            #expect(relativePaths(under: fixture.downloadsFolder).isEmpty)
            #expect(!progress.recorded.contains(1))
        }
    }

    @Test("Cancelling a future cancels the transfer")
    func cancelFuture() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a future download that has received its first bytes and then stalls
            let (firstBytes, signal) = AsyncStream<Double>.makeStream()
            let service = fixture.service(
                server.url("/gated"), key: "g", provider: fixture.fileCache(.alwaysFetchWithCustomHeader))
            let future = service.download { signal.yield($0) }
            for await _ in firstBytes { break }
            // WHEN it is cancelled THEN it finishes as cancelled
            future.cancel()
            #expect(await future.outcome == .failure(.cancelled))
        }
    }
}

/// Runs the callback verb and returns what its completion received.
private func callbackOutcome(_ service: DownloadService) async -> Result<DownloadResult<URL>, DownloadError> {
    await withCheckedContinuation { continuation in
        service.download(progress: nil) { continuation.resume(returning: $0) }
    }
}
