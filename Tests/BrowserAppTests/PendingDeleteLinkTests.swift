@testable import BrowserApp
import Foundation
import Testing

@Suite("A link to a character whose delete is not sent yet")
struct PendingDeleteLinkTests {
    @Test("Offline, Jerry deleted: the residents of his planet name him deleted, not by his address")
    func namedDeleted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "charbrowser-pending-delete-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerFixture.with { fixture in
            // Jerry (5) and his planet's residents read online; back on Jerry, offline, x y; then
            // Beth's origin, the same planet, opened again.
            let keys = "j j j j enter n enter esc o x y k enter n enter q"
            let (final, backend) = try await RenameScenarioTests.run(
                keys, file: folder.appendingPathComponent("cache.sqlite"), baseURL: fixture.baseURL)
            #expect(final.entity?.crumb.hasPrefix("Earth (Replacement Dimension)") == true)
            #expect(final.entity?.memberTitle(4) == "Beth Smith")
            #expect(final.entity?.memberTitle(5) == RickAndMortyEntities.deletedNotSent)
            #expect(backend.lastFrame.contains { $0.contains("5          (deleted, not sent yet)") })
        }
    }
}
