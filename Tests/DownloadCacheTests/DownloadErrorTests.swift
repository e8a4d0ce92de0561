import DownloadCache
import RepositoryCore
import Testing

@Suite("Download errors read as sentences and map to the repository layer")
struct DownloadErrorTests {
    @Test("Every case has a readable sentence naming its subject")
    func sentences() {
        // GIVEN one error of each case WHEN described THEN each is a sentence that carries its payload
        let url = "http://127.0.0.1:1/x"
        let cases: [(DownloadError, String)] = [
            (.httpStatus(code: 404, url: url), "The server answered 404 for \(url)."),
            (.connectionRefused(url: url), "The connection to \(url) was refused."),
            (.timedOut(url: url), "The request to \(url) timed out."),
            (.transportFailed(url: url, reason: "no route"), "The request to \(url) failed: no route."),
            (
                .invalidResponse(url: url, detail: "not HTTP"),
                "The response from \(url) could not be read: not HTTP."
            ),
            (
                .cachedItemUnavailable(key: "k", reason: "gone"),
                "The server said k is unchanged, but the cache could not provide it: gone."
            ),
            (
                .cacheStoreFailed(key: "k", reason: "disk full"),
                "The download of k could not be cached: disk full."
            ),
            (.fileSystem(detail: "no space"), "A local file operation failed: no space."),
            (.cancelled, "The download was cancelled."),
        ]
        for (error, sentence) in cases {
            #expect(error.description == sentence)
        }
    }

    @Test("404 is not found, other server failures are unavailability, cache failures are storage")
    func repositoryMapping() {
        // GIVEN download errors WHEN mapped THEN each lands on the matching repository case
        #expect(DownloadError.httpStatus(code: 404, url: "u").repositoryError == .notFound(query: "u"))
        #expect(
            DownloadError.httpStatus(code: 500, url: "u").repositoryError
                == .mainUnavailable(reason: "The server answered 500 for u."))
        #expect(
            DownloadError.connectionRefused(url: "u").repositoryError
                == .mainUnavailable(reason: "The connection to u was refused."))
        #expect(
            DownloadError.cacheStoreFailed(key: "k", reason: "r").repositoryError
                == .storageFailure(detail: "The download of k could not be cached: r."))
        #expect(DownloadError.cancelled.repositoryError == .cancelled)
    }
}
