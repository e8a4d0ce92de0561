@testable import BrowserApp
import ExplorerData
import ExplorerModel
import Testing

@Suite("The trees laid out last are kept by address, for their value only")
struct ExplorerTreeMemoTests {
    /// `memo`'s tree of `entity`, counting the builds in `builds`.
    private func tree(_ entity: ExplorerEntity, in memo: ExplorerTreeMemo, builds: inout Int) -> ExplorerTree
    {
        var built = 0
        let tree = memo.tree(of: entity) { entity in
            built += 1
            return ExplorerTree(entity, api: ExplorerSample.api)
        }
        builds += built
        return tree
    }

    @Test("The same value reopened is laid out once; a changed value is laid out again")
    func sameValueOnce() {
        let memo = ExplorerTreeMemo()
        var builds = 0
        let luke = ExplorerSample.luke
        _ = tree(luke, in: memo, builds: &builds)
        let again = tree(luke, in: memo, builds: &builds)
        #expect(builds == 1)
        #expect(again.outline.nodes.count == ExplorerTree(luke, api: ExplorerSample.api).outline.nodes.count)

        let renamed = ExplorerSample.entity(
            #"{"name": "Luke Theirs", "url": "http://api.test/api/people/1/"}"#, at: "/api/people/1",
            title: "Luke Theirs")
        let newer = tree(renamed, in: memo, builds: &builds)
        #expect(builds == 2)
        #expect(newer.outline.nodes.count < again.outline.nodes.count)
    }

    @Test("Past its capacity the least recently used tree is forgotten")
    func leastRecentlyUsedGoes() {
        let memo = ExplorerTreeMemo(capacity: 2)
        var builds = 0
        func person(_ n: Int) -> ExplorerEntity {
            ExplorerSample.entity(#"{"name": "P\#(n)"}"#, at: "/api/people/\(n)", title: "P\(n)")
        }
        _ = tree(person(1), in: memo, builds: &builds)
        _ = tree(person(2), in: memo, builds: &builds)
        _ = tree(person(1), in: memo, builds: &builds)  // 1 used after 2
        _ = tree(person(3), in: memo, builds: &builds)  // 2 goes
        #expect(builds == 3)
        _ = tree(person(1), in: memo, builds: &builds)
        #expect(builds == 3)
        _ = tree(person(2), in: memo, builds: &builds)
        #expect(builds == 4)
    }
}
