@testable import BrowserApp
import TerminalUI
import Testing

/// A 700 KB entity in the explorer's detail (PokeAPI's charizard, read by the browser's own read
/// from the shared data): its tree is built once per value, when its read answers, and its lines
/// when the folds, the titles or the width change — never by a frame or a move.
@Suite("The explorer's detail builds its tree once per value")
struct ExplorerDetailBuildsTests {
    @Test("Charizard: one tree; frames, moves, G and a refresh answering the same value build nothing more")
    func charizardTreeOnce() async throws {
        let counter = ExplorerBuildCount()
        try await ExplorerBuildCount.$current.withValue(counter) {
            var driver = try Driver(
                pokeAPI: ExplorerSession.Start(resource: "pokemon", id: "6"),
                size: TerminalSize(width: 200, height: 60))
            #expect(
                driver.effects.shapes.filter { $0 == .run(key: "explorer-entity pokemon/6") }.count == 1,
                "read once")
            await driver.settle()
            #expect(driver.state.breadcrumb == "pokemon › charizard")
            let detail = try #require(driver.state.screens.last as? ExplorerDetailScreen)
            #expect(
                (detail.tree?.outline.nodes.count ?? 0) > 10_000, "a tree of some tens of thousands of nodes")
            #expect(counter.trees == 1)
            let lines = counter.lines
            #expect(lines >= 1)

            for step in 0..<100 {
                driver.press(step.isMultiple(of: 2) ? "j" : "k")
                #expect(!driver.frame.isEmpty)
            }
            driver.press("G")
            await driver.settle()
            for step in 0..<100 {
                driver.press(step.isMultiple(of: 2) ? "k" : "j")
                #expect(!driver.frame.isEmpty)
            }
            #expect(driver.frame.contains { $0.contains("weight: 905") }, "the end is shown")
            #expect(counter.trees == 1, "no frame or move builds a tree")
            #expect(counter.lines == lines, "no frame or move builds the lines")

            driver.press("r")
            await driver.settle()
            #expect(counter.trees == 1, "a refresh answering the same value keeps its tree")

            driver.send(.input(.resize(TerminalSize(width: 160, height: 50))))
            #expect(counter.trees == 1)
            #expect(counter.lines == lines + 1, "a new width lays the lines out once")
        }
    }
}
