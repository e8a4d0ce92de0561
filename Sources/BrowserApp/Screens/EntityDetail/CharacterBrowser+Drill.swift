import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

extension CharacterBrowser {
    /// The task key of an episode or location read; a newer one replaces an older one.
    static let entityTaskKey = "entity"

    /// `n` / `p` on a character's detail: selects the next or previous link.
    func moveLink(by delta: Int, state: inout BrowserState) {
        guard var detail = state.detail else { return }
        let count = detail.links.count
        guard count > 0 else { return }
        let current = detail.selectedLink ?? (delta > 0 ? -1 : count)
        let selected = min(max(0, current + delta), count - 1)
        detail.selectedLink = selected
        let line = DetailGeometry.fieldIndex(ofLink: selected)
        let visible = DetailGeometry(layout: state.layout, detail: detail).visibleLines
        if line < detail.scrollOffset { detail.scrollOffset = line }
        if line >= detail.scrollOffset + visible - 1 { detail.scrollOffset = line - visible + 2 }
        state.detail = detail
        clampDetailScroll(&state)
    }

    /// Enter on a character's detail: opens the selected link. A link that names nothing (an
    /// unknown origin, another host's URL) gets a line saying so and opens nothing.
    func openSelectedLink(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let detail = state.detail else { return [] }
        guard let link = detail.selectedLinkValue else {
            showToast("Select a link with n or p, then press Enter.", kind: .info, state: &state)
            return []
        }
        switch link {
        case .episode(let id, let title):
            return openEntity(EntityDetailState(kind: .episode, id: id, name: title), state: &state)
        case .place(let reference, let name, let isOrigin):
            switch reference {
            case .id(let id):
                return openEntity(EntityDetailState(kind: .location, id: id, name: name), state: &state)
            case .unknown:
                showToast("The \(isOrigin ? "origin" : "location") is unknown.", kind: .info, state: &state)
            case .dangling(let url):
                showToast("Dangling reference, not followed: \(url)", kind: .warning, state: &state)
            }
            return []
        }
    }

    /// Enter on an episode or location: opens the selected cast member or resident.
    func openMember(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let member = state.entity?.selectedMember else { return [] }
        let effects = suspendTop(state: &state)
        state.screens.append(.character(CharacterDetailState(characterID: member.id, character: member)))
        return effects + readDetail(id: member.id, policy: .localFirst, state: &state)
            + loadAvatar(refresh: false, state: &state)
    }

    /// Pushes `detail` and reads it, `localFirst`.
    func openEntity(_ detail: EntityDetailState, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard services.graph != nil else {
            showToast("Episodes and locations cannot be opened here.", kind: .info, state: &state)
            return []
        }
        let effects = suspendTop(state: &state)
        state.screens.append(.entity(detail))
        return effects + readEntity(kind: detail.kind, id: detail.id, policy: .localFirst, state: &state)
    }

    /// `Backspace` / `Esc` off the list: pops the top screen. What is below is drawn from state as
    /// it was left; only a read the push interrupted is started again (from the cache first).
    func goBack(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard state.screens.count > 1 else { return [] }
        let effects = suspendTop(state: &state)
        state.screens.removeLast()
        return effects + resumeTop(state: &state)
    }

    /// Stops the top screen's reads and avatar load, leaving it marked as incomplete.
    func suspendTop(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        var effects: [Effect<BrowserMessage>] = []
        if state.loads.detail != nil {
            state.loads.detail = nil
            effects.append(.cancel(key: Self.detailTaskKey))
        }
        if state.loads.entity != nil {
            state.loads.entity = nil
            effects.append(.cancel(key: Self.entityTaskKey))
        }
        if var detail = state.detail, case .loading = detail.avatar {
            detail.avatar = nil
            state.detail = detail
            effects += cancelAvatar()
        }
        return effects
    }

    /// Starts again what `suspendTop` interrupted on the screen now on top, if anything.
    private func resumeTop(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch state.screens.last {
        case .character(let detail):
            var effects: [Effect<BrowserMessage>] = []
            let hasEpisodes = detail.episodes != nil || detail.episodesFailure != nil
            if detail.character == nil || !hasEpisodes {
                effects += readDetail(id: detail.characterID, policy: .localFirst, state: &state)
            }
            if detail.avatar == nil { effects += loadAvatar(refresh: false, state: &state) }
            return effects
        case .entity(let detail):
            let isComplete =
                detail.failure != nil
                || ((detail.episode != nil || detail.location != nil) && detail.pendingMemberIDs.isEmpty)
            return isComplete
                ? [] : readEntity(kind: detail.kind, id: detail.id, policy: .localFirst, state: &state)
        case .list, nil:
            return []
        }
    }

    /// Reads episode or location `id`, then its members in multi-id batches the server accepts.
    func readEntity(kind: EntityKind, id: Int, policy: CachePolicy, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        guard let graph = services.graph else { return [] }
        state.loads.entity = policy
        let services = services
        return [
            .stream(key: Self.entityTaskKey) { sink in
                let references: [EntityReference]
                if kind == .episode {
                    let report = await services.read { () async throws(RepositoryError) -> Answer<Episode> in
                        try await graph.episode(id: id, policy: policy)
                    }
                    sink.send(.episodeRead(id: id, policy: policy, report))
                    guard case .success(let answer) = report.result else { return }
                    references = answer.value.castReferences
                } else {
                    let report = await services.read { () async throws(RepositoryError) -> Answer<Location> in
                        try await graph.location(id: id, policy: policy)
                    }
                    sink.send(.locationRead(id: id, policy: policy, report))
                    guard case .success(let answer) = report.result else { return }
                    references = answer.value.residentReferences
                }
                for batch in GraphRepository.batches(of: references.validIDs) {
                    if Task.isCancelled { return }
                    let report = await services.read {
                        () async throws(RepositoryError) -> Answer<[ShowCharacter]> in
                        try await graph.characters(ids: batch, policy: policy)
                    }
                    sink.send(.membersRead(kind: kind, id: id, ids: batch, policy: policy, report))
                }
            }
        ]
    }

    /// Applies an episode or location read that still belongs to the screen on top.
    func applyEntity<Value>(
        kind: EntityKind, id: Int, policy: CachePolicy, _ report: ReadReport<Value>,
        store: (inout EntityDetailState, Value) -> Void, state: inout BrowserState
    ) {
        guard var detail = state.entity, detail.kind == kind, detail.id == id, state.loads.entity == policy
        else { return }
        record(query: "\(kind.rawValue) \(id)", kind: kind, policy: policy, report, state: &state)
        switch report.result {
        case .success(let answer):
            store(&detail, answer.value)
            detail.failure = nil
            let references = detail.memberReferences
            detail.dangling = references.filter { $0.id == nil }.map {
                if case .dangling(let url) = $0 { url } else { "" }
            }
            detail.pendingMemberIDs = detail.memberIDs
            detail.members = []
            detail.membersFailure = nil
            if detail.pendingMemberIDs.isEmpty { state.loads.entity = nil }
        case .failure(let error):
            state.loads.entity = nil
            if detail.episode == nil && detail.location == nil { detail.failure = error.description }
            showToast(
                "Could not load \(kind.rawValue) \(id): \(error.description)", kind: .error, state: &state)
        }
        state.entity = detail
    }

    /// Applies one batch of members that still belongs to the screen on top.
    func applyMembers(
        kind: EntityKind, id: Int, ids: [Int], policy: CachePolicy, _ report: ReadReport<[ShowCharacter]>,
        state: inout BrowserState
    ) {
        guard var detail = state.entity, detail.kind == kind, detail.id == id, state.loads.entity == policy
        else { return }
        record(query: QueryText.characters(ids), kind: .character, policy: policy, report, state: &state)
        detail.pendingMemberIDs.removeAll { ids.contains($0) }
        switch report.result {
        case .success(let answer):
            let byID = Dictionary(answer.value.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            detail.members += ids.compactMap { byID[$0] }
            let missing = ids.filter { byID[$0] == nil }
            if !missing.isEmpty {
                detail.membersFailure = "No character \(missing.map(String.init).joined(separator: ", "))."
            }
        case .failure(let error):
            detail.membersFailure = error.description
            showToast(
                "Could not load the \(detail.memberNoun): \(error.description)", kind: .error, state: &state)
        }
        if detail.pendingMemberIDs.isEmpty || report.result.isFailure { state.loads.entity = nil }
        if case .failure = report.result { detail.pendingMemberIDs = [] }
        state.entity = detail
    }

    /// Keys of an episode or location: move among its members, open one, back, refresh.
    func performOnEntityDetail(_ action: BrowserAction, state: inout BrowserState) -> [Effect<BrowserMessage>]
    {
        guard var detail = state.entity else { return [] }
        let visible = max(1, EntityDetailPane.visibleMemberRows(layout: state.layout, detail: detail))
        let count = detail.members.count
        func move(_ delta: Int) {
            detail.memberList.move(by: delta, rowCount: count, visibleRows: visible)
            state.entity = detail
        }
        switch action {
        case .back: return goBack(state: &state)
        case .open: return openMember(state: &state)
        case .moveDown: move(1)
        case .moveUp: move(-1)
        case .pageDown: move(max(1, visible - 1))
        case .pageUp: move(-max(1, visible - 1))
        case .first: move(-count)
        case .last: move(count)
        default: break
        }
        return []
    }
}

extension Result {
    /// Whether this is a failure.
    var isFailure: Bool {
        if case .failure = self { true } else { false }
    }
}
