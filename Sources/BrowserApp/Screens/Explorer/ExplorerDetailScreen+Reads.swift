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
    /// in the same task, before it, read with `policy` (a refresh reads them again).
    mutating func read(policy: CachePolicy, context: ScreenContext) -> [Effect<Message>] {
        if reader == nil { reader = context.services.entityReader }
        guard let reader else {
            failure = "No API is being explored."
            return []
        }
        loading = policy
        let target = target
        let clock = context.services.clock
        let known = entity
        let knownTree = tree
        // (the pane's height: the detail may not be laid out yet)
        let rows = max(visibleLines, context.layout.mainInterior.height)
        return [
            .stream(key: entityTaskKey) { sink in
                // A value the same as the one shown keeps its tree: none is built for it again.
                var shown = known
                await ExplorerRead.runUpdates(policy, clock: clock) { () async throws(ExplorerError) in
                    try await reader.entityUpdates(target, policy: policy)
                } deliver: { read in
                    let value = try? read.result.get().value
                    let tree = value == shown ? nil : value.map { reader.tree(of: $0) }
                    // A new value's links, or a refreshed one's (read again with it).
                    let laidOut = tree ?? (policy == .remoteFirst && value == known ? knownTree : nil)
                    // Their reads are recorded after the entity's, as they were asked.
                    let recorded = PThreadMutex<[AppliedAnswer]>([])
                    if let value, let laidOut, !read.background {
                        let first = reader.linksReadWith(value, tree: laidOut, rows: rows)
                        if !first.isEmpty {
                            await reader.titles(of: first, policy: policy) { sink.send(.titles($0)) } record: { answer in
                                recorded.withLock { $0.append(answer) }
                            }
                        }
                    }
                    sink.send(.entity(read, tree: tree))
                    for answer in recorded.withLock({ $0 }) { sink.send(.recorded(answer)) }
                    shown = value ?? shown
                }
            }
        ]
    }

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
                await reader.titles(of: links, policy: .localFirst) { sink.send(.titles($0)) } record: {
                    sink.send(.recorded($0))
                }
            }
        ]
    }
}
