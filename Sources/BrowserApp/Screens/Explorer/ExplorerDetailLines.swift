import ExplorerModel
import TerminalUI

/// One line of an explored entity's detail: the tree's row it draws (a long string's row draws
/// several), its text, the link it is, and the links a folded container's preview names. A
/// plain value.
struct ExplorerDetailLine: Sendable, Hashable {
    /// The row of the folds it belongs to.
    let row: OutlineFolds.Row
    let text: Line
    /// Whether it is the row's first line (where the cursor stops for links).
    var isFirst = true
    /// The link the row is, when it is one.
    var link: EntityLink?
    /// The links its folded container's preview names (for reading their titles).
    var previewLinks: [EntityLink] = []
    /// What Enter says on a line that stands where a link would and is none (an unknown origin):
    /// `n`/`p` stop on it too.
    var note: LineNote?
}

/// The lines of an explored entity's detail, worked out when the tree, its folds, the titles
/// known or the width change — never per frame: each field `label: value`, indented by depth; a
/// container open (`▾`) or folded (`▸`, with a preview of its first members); a link as its
/// name or its entity's title once known (else its path); a long string wrapped; a long
/// container's `… N more`. Stateless.
enum ExplorerDetailLines {
    /// The lines of `tree` as `folds` open it, `width` columns wide, links named by `titles`.
    static func build(
        _ tree: ExplorerTree, folds: OutlineFolds, titles: [EntityAddress: String], width: Int
    ) -> [ExplorerDetailLine] {
        ExplorerBuildCount.current?.countLines()
        if let rows = tree.labeled { return labeled(rows, titles: titles, width: width) }
        let outline = tree.outline
        var lines: [ExplorerDetailLine] = []
        for row in folds.rows(of: outline) {
            switch row {
            case .more(let parent, let count):
                let indent = String(repeating: "  ", count: max(0, outline.nodes[parent].depth))
                let text = Span(indent + "… \(count) more (Enter shows them)", style: .plain.dimmed())
                lines.append(ExplorerDetailLine(row: row, text: Line([text])))
            case .node(let index):
                guard index > 0 else { continue }
                lines += nodeLines(index, row: row, tree: tree, folds: folds, titles: titles, width: width)
            }
        }
        return lines
    }

    private static func nodeLines(
        _ index: Int, row: OutlineFolds.Row, tree: ExplorerTree, folds: OutlineFolds,
        titles: [EntityAddress: String], width: Int
    ) -> [ExplorerDetailLine] {
        let node = tree.outline.nodes[index]
        let indent = String(repeating: "  ", count: max(0, node.depth - 1))
        let label = Span(indent + (node.label ?? "") + ": ", style: Style(foreground: .cyan))
        if let link = tree.links[index] {
            let text = Line([label] + linkSpans(link, titles: titles))
            return [ExplorerDetailLine(row: row, text: text, link: link)]
        }
        switch node.shown {
        case .string(let text):
            let clean = ExplorerText.clean(text)
            let room = max(10, width - label.width)
            let wrapped = DisplayWidth.of(clean) <= room ? [clean] : TextWrapper.wrap(clean, width: room)
            let pad = String(repeating: " ", count: label.width)
            return wrapped.enumerated().map { place, part in
                let text = Line(place == 0 ? [label, Span(part)] : [Span(pad + part)])
                return ExplorerDetailLine(row: row, text: text, isFirst: place == 0)
            }
        case .literal(let text):
            let literal = Span(text, style: Style(foreground: .yellow))
            return [ExplorerDetailLine(row: row, text: Line([label, literal]))]
        case .object(let count), .array(let count):
            let isArray = if case .array = node.shown { true } else { false }
            let size = isArray ? "[\(count)]" : "{\(count)}"
            let marker = Span(
                indent + (count == 0 ? "  " : folds.isOpen(index, in: tree.outline) ? "▾ " : "▸ "),
                style: .plain.dimmed())
            var spans = [marker, Span((node.label ?? "") + " ", style: Style(foreground: .cyan)),
                Span(size, style: .plain.dimmed())]
            var previewLinks: [EntityLink] = []
            if count > 0, !folds.isOpen(index, in: tree.outline) {
                let (preview, links) = self.preview(index, tree: tree, titles: titles)
                spans.append(Span("  " + preview))
                previewLinks = links
            }
            return [ExplorerDetailLine(row: row, text: Line(spans), previewLinks: previewLinks)]
        }
    }

    /// A link as it shows: its reference's name at once, else its entity's title once known,
    /// else its path (dimmed) until then.
    static func linkSpans(_ link: EntityLink, titles: [EntityAddress: String]) -> [Span] {
        let linkStyle = Style(foreground: .green, underline: true)
        if let name = link.name ?? titles[link.address] {
            return [Span(ExplorerText.clean(name), style: linkStyle), Span(" ↗", style: .plain.dimmed())]
        }
        return [Span(link.address.path, style: Style(foreground: .green).dimmed()), Span(" ↗", style: .plain.dimmed())]
    }

    /// A folded container's first members on one line (`slot: 1 · type: grass`), and the links
    /// it names.
    private static func preview(_ index: Int, tree: ExplorerTree, titles: [EntityAddress: String])
        -> (String, [EntityLink])
    {
        let outline = tree.outline
        var parts: [String] = []
        var links: [EntityLink] = []
        for child in outline.children(of: index).prefix(6) {
            let node = outline.nodes[child]
            let value: String
            if let link = tree.links[child] {
                links.append(link)
                value = link.name ?? titles[link.address] ?? link.address.path
            } else {
                switch node.shown {
                case .string(let text): value = String(ExplorerText.clean(text).prefix(40))
                case .literal(let text): value = text
                case .object(let count): value = "{\(count)}"
                case .array(let count): value = "[\(count)]"
                }
            }
            let isElement = node.label?.hasPrefix("[") ?? true
            parts.append(isElement ? value : "\(node.label ?? ""): \(value)")
        }
        return (parts.joined(separator: " · "), links)
    }
}
