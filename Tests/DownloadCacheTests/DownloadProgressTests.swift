import DownloadCache
import Foundation
import TestSupport
import Testing

@Suite("Download progress", .hangGuard)
struct DownloadProgressTests {
    @Test("A body of known length reports increasing fractions in 0…1 and ends at exactly 1")
    func knownLength() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a 1 MiB body sent in 16 writes with a Content-Length
            let progress = ProgressLog()
            let service = fixture.service(
                server.url("/large"), key: "large", provider: fixture.fileCache(.alwaysFetchWithCustomHeader))
            // WHEN downloading
            let result = try await service.downloadAsync(progress: progress.handler)
            // THEN several intermediate values arrived, strictly increasing, ending at exactly 1
            let values = progress.recorded
            #expect(values.count > 2)
            #expect(progress.isStrictlyIncreasingWithinUnitRange)
            #expect(values.last == 1)
            #expect(values.dropLast().allSatisfy { $0 < 1 })
            // AND the file is the body, byte for byte
            #expect(try Data(contentsOf: result.value) == Data(TestRoutes.largeBody))
        }
    }

    @Test("A body of unknown length reports only the final 1")
    func unknownLength() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a chunked body without Content-Length
            let progress = ProgressLog()
            let service = fixture.service(
                server.url("/large-unknown-length"), key: "large",
                provider: fixture.fileCache(.alwaysFetchWithCustomHeader))
            // WHEN downloading
            let result = try await service.downloadAsync(progress: progress.handler)
            // THEN exactly one value, 1, was reported, and the file is complete
            #expect(progress.recorded == [1])
            #expect(try Data(contentsOf: result.value) == Data(TestRoutes.largeBody))
        }
    }

    @Test("A cache hit reports 1 and a failure never reports 1")
    func cacheHitAndFailure() async throws {
        try await withServerAndFixture { server, fixture in
            // GIVEN a warm bypassing cache
            let service = fixture.service(
                server.url("/etag/strong"), key: "k",
                provider: fixture.fileCache(.bypassServerCallOnFoundItem))
            _ = try await service.downloadAsync()
            // WHEN the item is served from the cache THEN progress is exactly [1]
            let hit = ProgressLog()
            _ = try await service.downloadAsync(progress: hit.handler)
            #expect(hit.recorded == [1])
            // WHEN a download fails THEN 1 is never reported
            let failure = ProgressLog()
            let failing = fixture.service(
                server.url("/missing"), key: "m", provider: fixture.fileCache(.bypassServerCallOnFoundItem))
            _ = try? await failing.downloadAsync(progress: failure.handler)
            #expect(!failure.recorded.contains(1))
        }
    }
}
