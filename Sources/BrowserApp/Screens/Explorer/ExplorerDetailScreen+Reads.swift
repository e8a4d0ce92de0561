import ExplorerData
import ExplorerModel
import Locking
import RepositoryCore
import TerminalUI

extension ExplorerDetailScreen {
    /// The task key of the entity's read.
    var entityTaskKey: String {
        switch target {
        case .address(let address): "explorer-entity \(address.key)"
        case .id, .rickAndMorty: "explorer-entity \(target.path)"
        }
    }

    /// Reads the entity with `policy` and builds its tree off the loop thread. An entity stale
    /// inside its server's stale-while-revalidate window answers at once; the background
    /// revalidation's answer comes after it, as a second `entity` read. The titles the reader
    /// reads with its entity (a cast's first screenful, a character's episodes, in one batch) come
    /// in the same message, read with `policy`; a refresh reads the shown value's again, beside the
    /// entity, and they come with it too.
    mutating func read(policy: CachePolicy, context: ScreenContext) -> [Effect<Message>] {
        let reader = self.reader ?? context.services.entityReader
        self.reader = reader
        loading = policy
        let target = target
        let clock = context.services.clock
        let known = entity
        // (the pane's height: the detail may not be laid out yet)
        let rows = max(visibleLines, context.layout.mainInterior.height)
        // A refresh reads the shown value's links again beside the entity, not after it.
        var shownLinks: [EntityLink] = []
        if policy == .remoteFirst, let entity, let tree {
            shownLinks = reader.linksReadWith(entity, tree: tree, rows: rows)
        }
        let again = shownLinks
        return [
            .stream(key: entityTaskKey) { sink in
                /// Reads `links`' titles with `policy`, collecting them and the reads that found them.
                @Sendable func collect(_ links: [EntityLink]) async -> Collected {
                    let collected = PThreadMutex<Collected>(([], []))
                    await reader.titles(of: links, policy: policy) { titles in
                        collected.withLock { $0.titles += titles }
                    } record: { answer in
                        collected.withLock { $0.answers.append(answer) }
                    }
                    return collected.withLock { $0 }
                }
                await withTaskGroup(of: Collected.self) { group in
                    // (a child task only when there is something to read beside the entity)
                    if !again.isEmpty { group.addTask { await collect(again) } }
                    // A value the same as the one shown keeps its tree: none is built for it again.
                    var shown = known
                    await ExplorerRead.runUpdates(policy, clock: clock) { () async throws(ExplorerError) in
                        try await reader.entityUpdates(target, policy: policy)
                    } deliver: { read in
                        let value = try? read.result.get().value
                        let tree = value == shown ? nil : value.map { reader.tree(of: $0) }
                        // What was read beside it and a new value's links to read with it come with
                        // its first answer: one message, the reads recorded as they were asked.
                        var with: Collected = ([], [])
                        if !read.background {
                            if let beside = await group.next() { with = beside }
                            if let value, let tree {
                                let first = reader.linksReadWith(value, tree: tree, rows: rows)
                                if !first.isEmpty {
                                    let more = await collect(first)
                                    with = (with.titles + more.titles, with.answers + more.answers)
                                }
                            }
                        }
                        sink.send(.entity(read, tree: tree, titles: with.titles, recorded: with.answers))
                        shown = value ?? shown
                    }
                }
            }
        ]
    }

    /// Titles read for a detail, and the reads that found them, in the order asked.
    private typealias Collected = (titles: [LinkTitle], answers: [AppliedAnswer])

    /// Reads, in the background, the titles of the bare links on the lines in view that were
    /// not asked for yet (a reference's name needs no read).
    mutating func readTitlesInView(context: ScreenContext) -> [Effect<Message>] {
        guard let reader, !lines.isEmpty else { return [] }
        let top = cursor.clamped(rowCount: lines.count, visibleRows: visibleLines).offset
        let inView = lines[top..<min(lines.count, top + visibleLines)]
        var wanted: [EntityLink] = []
        for line in inView {
            for link in (line.link.map { [$0] } ?? []) + line.previewLinks
            where link.name == nil && titles[link.address] == nil && !asked.contains(link.address) {
                asked.insert(link.address)
                wanted.append(link)
            }
        }
        guard !wanted.isEmpty else { return [] }
        titleBatches += 1
        let links = wanted
        let key = "explorer-titles \(entityTaskKey) \(titleBatches)"
        return [
            .stream(key: key) { sink in
                await reader.titles(of: links, policy: .localFirst) {
                    sink.send(.titles($0))
                } record: {
                    sink.send(.recorded($0))
                }
            }
        ]
    }
}
