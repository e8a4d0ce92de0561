import ExplorerModel
import Foundation
import Testing

@Suite("A JSON value as an indented tree that folds")
struct OutlineTests {
    static let small = try! JSONParser.parse(
        #"{"name": "Luke", "films": ["a", "b", "c"], "home": {"name": "Tatooine", "climate": {"kind": "arid"}}, "mass": 77}"#)

    @Test("Nodes in document order with depth, label, what they show and their subtree's end")
    func nodes() {
        let outline = JSONOutline(Self.small)
        #expect(outline.nodes.count == 11)
        let root = outline.nodes[0]
        #expect(root.depth == 0 && root.label == nil && root.shown == .object(count: 4) && root.end == 11 && root.parent == nil)
        #expect(outline.nodes[2].label == "films" && outline.nodes[2].shown == .array(count: 3) && outline.nodes[2].end == 6)
        #expect(outline.nodes[3].label == "[0]" && outline.nodes[3].shown == .string("a") && outline.nodes[3].parent == 2)
        #expect(outline.nodes[10].label == "mass" && outline.nodes[10].shown == .literal("77"))
        #expect(outline.children(of: 0) == [1, 2, 6, 10])
        #expect(outline.children(of: 6) == [7, 8])
    }

    @Test("By default depth 0 and 1 are open, deeper folded; toggling opens and folds")
    func folding() {
        let outline = JSONOutline(Self.small)
        var folds = OutlineFolds()
        // climate (depth 2) is folded: its `kind` is not a row.
        #expect(folds.rows(of: outline) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 10].map(OutlineFolds.Row.node))
        folds.toggle(8, in: outline)
        #expect(folds.rows(of: outline).contains(.node(9)))
        folds.toggle(2, in: outline)
        #expect(!folds.rows(of: outline).contains(.node(3)), "films folded")
        folds.toggle(1, in: outline)  // a scalar: nothing
        #expect(folds.rows(of: outline).count == 8)
    }

    @Test("A long array shows its first rows and how many more; showAll shows the rest")
    func longArrays() throws {
        let numbers = try JSONParser.parse("[" + (1...25).map(String.init).joined(separator: ",") + "]")
        let outline = JSONOutline(numbers)
        var folds = OutlineFolds(shownChildren: 10)
        let rows = folds.rows(of: outline)
        #expect(rows.count == 12)
        #expect(rows.last == .more(parent: 0, count: 15))
        folds.showAll(0)
        #expect(folds.rows(of: outline).count == 26)
    }

    @Test("Charizard (726 KB): built once; it opens as a page of fields and every row can be reached")
    func largeEntity() throws {
        let charizard = try ExplorerData.pokeapi("api/v2/pokemon/6/index.json")
        let outline = JSONOutline(charizard)
        #expect(outline.nodes.count > 10_000)
        var folds = OutlineFolds()
        let rows = folds.rows(of: outline)
        #expect(rows.count < 300, "a page of fields, not the whole tree: \(rows.count)")
        #expect(rows.filter { if case .node(let index) = $0 { outline.nodes[index].depth == 1 } else { false } }.count == 21)
        let moves = try #require(outline.children(of: 0).first { outline.nodes[$0].label == "moves" })
        #expect(rows.contains(.more(parent: moves, count: outline.nodes[moves].childCount - 10)))
        // Every node opened and shown: the rows are then the whole tree.
        for index in outline.nodes.indices where outline.nodes[index].isContainer {
            if !folds.isOpen(index, in: outline) { folds.toggle(index, in: outline) }
            folds.showAll(index)
        }
        #expect(folds.rows(of: outline).count == outline.nodes.count)
    }
}
