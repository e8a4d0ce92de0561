import CharacterData
import EntityWrites
import ExplorerData
import ExplorerModel
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// One entity of an explored API: every field as a tree that folds (a long array shows its first
/// rows and a count), its links named at once or once their entities' titles are read (only the
/// links on screen); `n`/`p` select links, Enter follows one over this screen or opens or folds
/// a node. The picture its profile names is drawn beside the tree. Rick and Morty's character
/// shows as its labelled rows, and is edited (`e`) and deleted (`x`) here. A plain value
/// (`ScreenModel`).
struct ExplorerDetailScreen: ScreenModel {
    /// Which entity: at an address (a row or a link), by id of a resource (`--open`), or a Rick and
    /// Morty character, episode or location by id (read through its own repositories).
    enum Target: Sendable, Hashable {
        case address(EntityAddress)
        case id(String, of: ExplorerResource)
        case rickAndMorty(EntityKind, id: Int)

        /// Where it is: its address's path, or `people/1`, `episode/3`.
        var path: String {
            switch self {
            case .address(let address): address.path
            case .id(let id, let resource): "\(resource.name)/\(id)"
            case .rickAndMorty(let kind, let id): "\(kind.rawValue)/\(id)"
            }
        }
    }

    /// What the detail's reads report.
    enum Message: Sendable {
        /// The entity was read (its tree built off the loop thread), with the titles of the links
        /// read with it and those reads, to record after its own: one message, one frame.
        case entity(
            ExplorerRead<ExplorerEntity>, tree: ExplorerTree?, titles: [LinkTitle] = [], recorded: [AppliedAnswer] = [])
        /// Links' titles became known (or could not be read), those of one read together.
        case titles([LinkTitle])
        /// A read of links' titles that is recorded as an answer of its own (a cast's batch).
        case recorded(AppliedAnswer)
        /// The picture's download advanced (bytes received, and expected when known).
        case imageProgress(received: Int64, expected: Int64?)
        /// The picture's load finished; `refresh` when it revalidated.
        case imageLoaded(refresh: Bool, AvatarOutcome)
        /// The delete's y/n question was answered with this letter.
        case deleteAnswered(String)
        /// The delete (`x`) was taken as `result`, in `elapsed`.
        case deleted(Result<WriteEvent, WriteNotMade>, elapsed: Duration)
    }

    let target: Target
    /// Where the entity and its links' titles are read (the services' reader, taken at the first read).
    var reader: (any EntityReading)?
    /// The name it was opened under, until its read answers (the breadcrumb).
    let knownTitle: String
    /// The entity, once read.
    private(set) var entity: ExplorerEntity?
    /// Its tree, built once per value.
    private(set) var tree: ExplorerTree?
    /// Which nodes are open.
    private(set) var folds = OutlineFolds()
    /// The titles of links known so far.
    private(set) var titles: [EntityAddress: String] = [:]
    /// Links whose titles were asked for (each once).
    var asked: Set<EntityAddress> = []
    /// The lines as last worked out, and the width they were worked out for.
    private(set) var lines: [ExplorerDetailLine] = []
    private var linesWidth = 0
    private var linesStale = true
    /// The cursor line and the lines scrolled off the top.
    private(set) var cursor = ListState()
    private(set) var visibleLines = 1
    /// Where the lines are drawn, and the picture, as the layout last said.
    private(set) var content = Rect(x: 0, y: 0, width: 0, height: 0)
    private(set) var imageArea: Rect?
    /// The picture the profile names for the entity (worked out once per value), and its state.
    var imageSource: ExplorerImageSource?
    var image: AvatarState?
    /// What the picture's load is recorded as (`avatar 1`, `image /api/v2/pokemon/1`).
    var imageQuery = ""
    /// The policy of the entity's read in flight, if any.
    var loading: CachePolicy?
    /// Why the entity could not be read, as a sentence.
    var failure: String?
    /// How many batches of title reads were started (their task keys).
    var titleBatches = 0
    /// Another screen read a newer value of the entity: read again (from the cache) when on top.
    private(set) var outdated = false
    /// The entity shown was answered from the cache in place of a server that failed (offline,
    /// say): read again once the server can be reached.
    private(set) var answeredInPlace = false

    /// The detail of `target`, known as `knownTitle` until read.
    init(target: Target, knownTitle: String) {
        self.target = target
        self.knownTitle = knownTitle
    }

    /// The Rick and Morty character shown, by id, if it is one: it has the character's keys.
    var characterID: Int? {
        if case .rickAndMorty(.character, let id) = target { id } else { nil }
    }

    var keyScope: KeyTable.Scope { characterID == nil ? .explorerDetail : .characterDetail }
    static var keyScopes: [KeyTable.Scope] { [.characterDetail, .explorerDetail] }
    var crumb: String { entity.map { ExplorerText.clean($0.title) } ?? knownTitle }

    var activity: ScreenActivity {
        let name = if case .rickAndMorty(let kind, _) = target { kind.rawValue } else { "entity" }
        return ScreenActivity(reading: loading, named: name)
    }

    mutating func open(context: inout ScreenContext) -> [Effect<Message>] {
        read(policy: .localFirst, context: context)
    }

    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        switch action {
        case .refresh:
            return read(policy: .remoteFirst, context: context) + loadImage(refresh: true, services: context.services)
        case .back: context.pop()
        case .nextLink: selectLink(after: cursor.selected, step: 1)
        case .previousLink: selectLink(after: cursor.selected, step: -1)
        case .open: openLine(context: &context)
        case .click(let column, let row, let opens): click(column: column, row: row, opens: opens, context: &context)
        case .copy(let format): copy(format, context: &context)
        case .edit: edit(context: &context)
        case .delete: askToDelete(context: &context)
        default: cursor.apply(action, rowCount: lines.count, visibleRows: visibleLines)
        }
        return []
    }

    mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        switch message {
        case .entity(let read, let tree, let found, let recorded):
            // A background revalidation's answer comes after its read ended.
            guard read.background || loading == read.policy else { return [] }
            if !read.background { loading = nil }
            // The cache entry it touches: its own, once its address is known.
            let naming = reader?.naming(target, at: (try? read.result.get())?.value.address)
            context.record(
                explorer: naming?.query ?? target.path, read, metrics: reader?.counters(), keys: naming?.keys ?? [],
                kind: naming?.kind)
            for answer in recorded { context.record(answer) }
            take(found)
            // (a refresh in flight answers newer; a failed revalidation leaves the stale value shown)
            if read.background, loading == .remoteFirst || (try? read.result.get()) == nil { return [] }
            switch read.result {
            case .success(let answer):
                let isNew = answer.value != entity
                entity = answer.value
                failure = nil
                outdated = false
                answeredInPlace = answer.fallbackError != nil
                // Another screen holding the entity (a list's row, a detail further down) shows it too.
                if isNew, let shown = reader?.shown(answer.value) { context.show(shown) }
                var effects: [Effect<Message>] = []
                var resource: ExplorerResource?  // the one an entity opened by id is of
                if case .id(_, let opened) = target { resource = opened }
                let picture = reader?.image(of: answer.value, resource: resource)
                // A new picture is loaded when navigation finds it; `r` loads the one it found (once).
                let moved = picture?.source != imageSource
                imageSource = picture?.source
                imageQuery = picture?.query ?? ""
                if image == nil || (moved && read.policy != .remoteFirst) {
                    effects += loadImage(refresh: false, services: context.services)
                }
                if isNew, let tree {
                    let isFirst = self.tree == nil
                    self.tree = tree
                    folds = tree.folds
                    let members = reader?.members(of: answer.value)
                    // Placed with its picture first, so the lines are built once for their width.
                    linesWidth = place(in: context.layout)
                    rebuildLines()
                    if isFirst, let members { selectFirstLink(in: members) }
                }
                return effects + (context.isOnTop ? readTitlesInView(context: context) : [])
            case .failure(let error):
                if entity == nil { failure = error.description }
                context.toast(error.description, kind: .error)
            }
        case .titles(let found):
            take(found)
        case .recorded(let answer):
            context.record(answer)
        case .imageProgress(let received, let expected):
            guard case .loading = image else { return [] }
            image = .loading(received: received, expected: expected)
        case .imageLoaded(let refresh, let outcome):
            // The picture's outcome is recorded like every answer.
            guard case .loading = image, let shown = AvatarLoad.state(of: outcome) else { return [] }
            image = shown
            context.record(AvatarLoad.event(query: imageQuery, refresh: refresh, outcome))
        case .deleteAnswered(let letter): return letter == "y" ? delete(context: context) : []
        case .deleted(let result, let elapsed): applyDelete(result, elapsed: elapsed, context: &context)
        }
        return []
    }

    mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] {
        let image = cancelImage()
        guard loading != nil else { return image }
        loading = nil
        return [.cancel(key: entityTaskKey)] + image
    }

    mutating func resume(context: inout ScreenContext) -> [Effect<Message>] {
        if (entity == nil && failure == nil) || outdated { return read(policy: .localFirst, context: context) }
        return image == nil ? loadImage(refresh: false, services: context.services) : []
    }

    /// An entity or a picture that could not be read, or an entity the cache answered in place of
    /// the server, is read again (now on top, else when resumed).
    mutating func reconnected(context: inout ScreenContext) -> [Effect<Message>] {
        var again = false
        if entity == nil, failure != nil { (failure, again) = (nil, true) }
        if answeredInPlace { (answeredInPlace, outdated, again) = (false, true, true) }
        if case .failed? = image { (image, again) = (nil, true) }
        return again && context.isOnTop ? resume(context: &context) : []
    }

    /// A newer value of the entity another screen read marks this one to be read again (its tree is
    /// built off the loop thread, as every value's).
    mutating func show(_ shown: ShownEntity) {
        guard let entity else { return }
        switch reader?.change(shown, on: entity) {
        case .outdated: outdated = true
        case .value(let newer):
            self.entity = newer
            if let tree = reader?.tree(of: newer) { self.tree = tree }
            linesStale = true
        case .gone(let why):
            (self.entity, tree, failure, outdated) = (nil, nil, why, false)
            linesStale = true
        case .title(let address, let title) where titles[address] != nil && titles[address] != title:
            titles[address] = title
            linesStale = true
        default: return
        }
    }

    /// On top, reads the titles of the bare links on screen not asked for yet.
    mutating func settle(context: inout ScreenContext) -> [Effect<Message>] {
        context.isOnTop ? readTitlesInView(context: context) : []
    }

    mutating func layOut(_ layout: BrowserLayout) {
        let width = place(in: layout)
        if linesStale || width != linesWidth {
            linesWidth = width
            rebuildLines()
        }
    }

    /// Places the lines and the picture in `layout`; returns the width the lines are built for.
    private mutating func place(in layout: BrowserLayout) -> Int {
        (imageArea, content) = Self.areas(of: layout, image: image)
        visibleLines = max(1, content.height)
        return max(10, content.width - 1)
    }

    /// Works the lines out again for the width last laid out, keeping the cursor in range.
    private mutating func rebuildLines() {
        guard let tree else { return }
        lines = ExplorerDetailLines.build(tree, folds: folds, titles: titles, width: max(10, linesWidth))
        linesStale = false
        cursor.select(cursor.selected, rowCount: lines.count, visibleRows: visibleLines)
    }

    /// The entity in its box: its title and where it is in the title, then its lines with the
    /// cursor's highlighted, and its picture beside them (or a line saying why there is none);
    /// before its read, `Loading…`, or why it could not be read.
    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        // `Luke Skywalker · /api/people/1 · line 3/27`.
        let position = lines.isEmpty ? "" : " · line \(cursor.selected + 1)/\(lines.count)"
        let title =
            tree?.boxTitle ?? characterID.map { "Character \($0) · …" }
            ?? "\(crumb) · \(entity?.address.path ?? target.path)\(position)"
        BorderBox(title: title).render(in: area, buffer: &buffer)
        if let characterID, context.pendingCharacterIDs.contains(characterID) {
            Self.drawPendingBadge(in: area, buffer: &buffer)
        }
        guard entity != nil else {
            let text = failure.map { "Not loaded: \($0)" } ?? (loading == nil ? "Not read." : "Loading…")
            let style = failure == nil ? Style.plain.dimmed() : Style(foreground: .red)
            let wrapped = TextWrapper.wrap(text, width: max(1, content.width)).prefix(content.height)
            for (index, part) in wrapped.enumerated() {
                buffer.write(part, x: content.x, y: content.y + index, maxWidth: content.width, style: style)
            }
            return
        }
        let lines = lines
        ListView(rowCount: lines.count, state: cursor, placeholder: "No fields.") { lines[$0].text }
            .render(in: content, buffer: &buffer)
        if let image, let imageArea {
            AvatarPane(avatar: image, mode: context.colorMode).render(in: imageArea, buffer: &buffer)
        }
    }

    /// Takes the titles of links found.
    private mutating func take(_ found: [LinkTitle]) {
        for title in found {
            guard let text = title.title, titles[title.address] != text else { continue }
            titles[title.address] = text
            linesStale = true
        }
    }

    /// Puts the cursor on the first link inside `field` (the first of a cast).
    private mutating func selectFirstLink(in field: String) {
        guard let index = lines.firstIndex(where: { $0.link?.path.hasPrefix(field + "[") == true }) else { return }
        cursor.select(index, rowCount: lines.count, visibleRows: visibleLines)
    }

    /// Moves the cursor to the next (`step` 1) or previous (-1) line that is a link.
    private mutating func selectLink(after line: Int, step: Int) {
        var index = line + step
        while lines.indices.contains(index) {
            if lines[index].link != nil || lines[index].note != nil, lines[index].isFirst {
                cursor.select(index, rowCount: lines.count, visibleRows: visibleLines)
                return
            }
            index += step
        }
    }

    /// Enter on the cursor's line: follows its link, shows a long container's rest, or opens or
    /// folds its node.
    private mutating func openLine(context: inout ScreenContext) {
        guard lines.indices.contains(cursor.selected), let tree else { return }
        let line = lines[cursor.selected]
        if let note = line.note { return context.toast(note.message, kind: note.kind) }
        if let link = line.link {
            let title = link.name ?? titles[link.address] ?? link.address.lastSegment ?? link.address.path
            context.push(
                reader?.screen(following: link, titled: title)
                    ?? ExplorerDetailScreen(target: .address(link.address), knownTitle: title))
            return
        }
        switch line.row {
        case .more(let parent, _): folds.showAll(parent)
        case .node(let index): folds.toggle(index, in: tree.outline)
        }
        linesStale = true
    }

    /// A click on a line: the cursor goes there; a folded node opens, a click on an open node's
    /// `▾` folds it, `… N more` shows the rest; a double click on a link follows it.
    private mutating func click(column: Int, row: Int, opens: Bool, context: inout ScreenContext) {
        guard content.contains(column: column, row: row), let tree,
            let index = cursor.row(atLine: row - content.y, rowCount: lines.count, visibleRows: visibleLines)
        else { return }
        cursor.select(index, rowCount: lines.count, visibleRows: visibleLines)
        let line = lines[index]
        if line.link != nil {
            if opens { openLine(context: &context) }
            return
        }
        // `… N more` shows the rest as Enter does.
        guard case .node(let node) = line.row else { return openLine(context: &context) }
        let outline = tree.outline
        guard outline.nodes[node].isContainer, outline.nodes[node].childCount > 0 else { return }
        // The marker sits after the indent: two cells per level below the top.
        let marker = content.x + 2 * max(0, outline.nodes[node].depth - 1)
        let onMarker = (marker..<marker + 2).contains(column)
        if folds.isOpen(node, in: outline), opens || !onMarker { return }
        folds.toggle(node, in: outline)
        linesStale = true
    }

    /// `y` and `Y` on the detail: `y` the entity as JSON; `Y` the URL of the link on the cursor's
    /// line, else the entity's own.
    private func copy(_ format: CopyFormat, context: inout ScreenContext) {
        guard let reader else { return }
        func subject(_ address: EntityAddress, _ title: String) -> CopySubject {
            reader.copySubject(of: address, titled: title)
        }
        let link = lines.indices.contains(cursor.selected) ? lines[cursor.selected].link : nil
        let chosen: CopySubject? =
            switch format {
            case .json: entity.map { reader.copySubject(of: $0) }
            case .url:
                if let link {
                    subject(link.address, link.name ?? titles[link.address] ?? "")
                } else if let entity {
                    subject(entity.address, entity.title)
                } else if case .address(let address) = target {
                    subject(address, knownTitle)
                } else {
                    nil
                }
            }
        guard let chosen else {
            return context.toast("Nothing to copy yet: the entity is not read.", kind: .info)
        }
        context.copy(chosen, as: format)
    }
}
