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
    /// in the same task, before it, read with `policy`; a refresh reads the shown value's again,
    /// beside the entity.
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
                // Title reads are recorded after the entity's first answer, as they were asked.
                let held = PThreadMutex<(entityShown: Bool, answers: [AppliedAnswer])>((false, []))
                let record: @Sendable (AppliedAnswer) -> Void = { answer in
                    let now = held.withLock { state in
                        if !state.entityShown { state.answers.append(answer) }
                        return state.entityShown
                    }
                    if now { sink.send(.recorded(answer)) }
                }
                let give: @Sendable ([LinkTitle]) -> Void = { sink.send(.titles($0)) }
                // (a child task only when there is something to read beside the entity)
                await withTaskGroup(of: Void.self) { group in
                    if !again.isEmpty {
                        group.addTask {
                            await reader.titles(of: again, policy: policy, give: give, record: record)
                        }
                    }
                    // A value the same as the one shown keeps its tree: none is built for it again.
                    var shown = known
                    await ExplorerRead.runUpdates(policy, clock: clock) { () async throws(ExplorerError) in
                        try await reader.entityUpdates(target, policy: policy)
                    } deliver: { read in
                        let value = try? read.result.get().value
                        let tree = value == shown ? nil : value.map { reader.tree(of: $0) }
                        // A new value's links to read with it, shown with it.
                        let found = PThreadMutex<[LinkTitle]>([])
                        if let value, let tree, !read.background {
                            let first = reader.linksReadWith(value, tree: tree, rows: rows)
                            if !first.isEmpty {
                                await reader.titles(of: first, policy: policy) { titles in
                                    found.withLock { $0 += titles }
                                } record: { answer in
                                    held.withLock { $0.answers.append(answer) }
                                }
                            }
                        }
                        let answers: [AppliedAnswer] =
                            read.background
                            ? []
                            : held.withLock { state in
                                state.entityShown = true
                                defer { state.answers = [] }
                                return state.answers
                            }
                        sink.send(.entity(read, tree: tree, titles: found.withLock { $0 }, recorded: answers))
                        shown = value ?? shown
                    }
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
                await reader.titles(of: links, policy: .localFirst) {
                    sink.send(.titles($0))
                } record: {
                    sink.send(.recorded($0))
                }
            }
        ]
    }
}
