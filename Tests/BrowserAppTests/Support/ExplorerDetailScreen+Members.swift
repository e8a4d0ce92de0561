@testable import BrowserApp
import ExplorerData
import ExplorerModel
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The tests' view of a Rick and Morty episode or location open in the entity detail: its id, its
/// members (the cast's character ids, in order) and the one on the cursor's line, their titles.
extension ExplorerDetailScreen {
    /// The id of the Rick and Morty episode or location shown, if it is one.
    var id: Int? {
        if case .rickAndMorty(_, let id) = target { id } else { nil }
    }

    /// The character id of the link on the cursor's line, if it is one.
    var selectedMemberID: Int? {
        guard lines.indices.contains(cursor.selected), let link = lines[cursor.selected].link else { return nil }
        return RickAndMortyEntities.place(of: link.address).map(\.1)
    }

    /// The members' character ids, in order (the links of the members field).
    var memberIDs: [Int] {
        guard let entity, let field = RickAndMortyEntities.members(in: entity),
            let base = RickAndMortyEntities.base(of: entity.address)
        else { return [] }
        return entity.links(in: base).filter { $0.path.hasPrefix(field + "[") }
            .compactMap { RickAndMortyEntities.place(of: $0.address)?.1 }
    }

    /// The title known for character `id` among the links.
    func memberTitle(_ id: Int) -> String? {
        titles.first { RickAndMortyEntities.place(of: $0.key).map { $0 == (.character, id) } == true }?.value
    }
}

extension ExplorerDetailScreen {
    /// The Rick and Morty character shown, once read.
    var character: ShowCharacter? { entity.flatMap(RickAndMortyEntities.character(of:)) }

    /// The titles of the character's episodes shown (`S01E01 Pilot`), in order, once read.
    var episodeTitles: [String] {
        lines.compactMap { line in
            guard let link = line.link, line.isFirst, RickAndMortyEntities.place(of: link.address)?.0 == .episode
            else { return nil }
            return titles[link.address]
        }
    }

    /// The link on the cursor's line, if it is one.
    var selectedLink: EntityLink? {
        lines.indices.contains(cursor.selected) ? lines[cursor.selected].link : nil
    }
}

extension BrowserState {
    /// The entity detail on top, if it is one.
    var entity: ExplorerDetailScreen? { screens.last as? ExplorerDetailScreen }

    /// The Rick and Morty character's detail on top, if it is one.
    var detail: ExplorerDetailScreen? { entity?.characterID == nil ? nil : entity }
}

extension Driver {
    /// Answers the Rick and Morty episode or location open on top from the sample, then the titles
    /// of its members (as one recorded batch read, from `origin`).
    mutating func answerKept(origin: Origin = .network) {
        guard let detail = state.entity, case .rickAndMorty(let kind, let id) = detail.target else { return }
        let policy = detail.loading ?? .localFirst
        let entity: ExplorerEntity? =
            kind == .episode
            ? SampleData.dataset.episodes.first { $0.id == id }.flatMap(RickAndMortyEntities.entity)
            : SampleData.dataset.locations.first { $0.id == id }.flatMap(RickAndMortyEntities.entity)
        guard let entity else { return }
        answerKept(entity, origin: origin, policy: policy)
        let ids = state.entity?.memberIDs ?? []
        let cast = ids.compactMap { id in SampleData.characters.first { $0.id == id } }
        answerMembers(cast, ids: ids, origin: origin)
    }

    /// Answers the entity detail on top with `entity` (its tree built as the read builds it).
    @discardableResult
    mutating func answerKept(_ entity: ExplorerEntity, origin: Origin = .network, policy: CachePolicy = .localFirst)
        -> [Effect<BrowserMessage>]
    {
        let read = ExplorerRead(
            policy: policy, result: .success(SampleData.answer(entity, origin: origin, policy: policy)),
            elapsed: .milliseconds(2))
        return deliver(.entity(read, tree: RickAndMortyEntities.laidOut(entity)))
    }

    /// Delivers `message` to the entity detail nearest the top.
    @discardableResult
    mutating func deliver(_ message: ExplorerDetailScreen.Message) -> [Effect<BrowserMessage>] {
        deliver(message, to: ExplorerDetailScreen.self)
    }

    /// Answers the character detail on top as its read does, in one message: the character (from
    /// `origin`), its episodes' titles and their batch's read (from `episodesOrigin`) to record.
    @discardableResult
    mutating func answerDetail(
        origin: Origin = .memory, episodesOrigin: Origin = .network, fallback: RepositoryError? = nil
    ) -> [Effect<BrowserMessage>] {
        guard let detail = state.detail, let id = detail.characterID,
            let entity = RickAndMortyEntities.entity(SampleData.character(id))
        else { return [] }
        let policy = detail.loading ?? .localFirst
        let episodes = SampleData.episodes(of: id)
        let ids = SampleData.character(id).episodeIDs
        let titles = episodes.compactMap { episode in
            RickAndMortyEntities.address(kind: .episode, id: episode.id, url: episode.url, near: entity.address)
                .map { LinkTitle(address: $0, outcome: .success("\(episode.code) \(episode.name)"), source: nil) }
        }
        let report = ReadReport(result: .success(SampleData.answer(episodes, origin: episodesOrigin, policy: policy)))
        let batch = AppliedAnswer(
            query: QueryText.episodes(ids), kind: .episode, policy: policy, keys: ids.map { .entity(.episode, id: $0) },
            report)
        let read = ExplorerRead(
            policy: policy,
            result: .success(
                SampleData.answer(entity, origin: origin, policy: policy, stale: fallback != nil, fallback: fallback)),
            elapsed: .milliseconds(2))
        return deliver(.entity(read, tree: RickAndMortyEntities.laidOut(entity), titles: titles, recorded: [batch]))
    }

    /// Answers the titles of members `ids` with `cast` (one recorded batch read), or with `failure`.
    mutating func answerMembers(
        _ cast: [ShowCharacter], ids: [Int], origin: Origin = .network, failure: RepositoryError? = nil
    ) {
        guard let entity = state.entity?.entity else { return }
        let report: ReadReport<[ShowCharacter]> =
            failure.map { ReadReport(result: .failure($0)) }
            ?? ReadReport(result: .success(SampleData.answer(cast, origin: origin, policy: .localFirst)))
        let answer = AppliedAnswer(
            query: QueryText.characters(ids), kind: .character, policy: .localFirst,
            keys: ids.map { .entity(.character, id: $0) }, report)
        deliver(ExplorerDetailScreen.Message.recorded(answer), to: ExplorerDetailScreen.self)
        let titles = cast.compactMap { member in
            RickAndMortyEntities.address(kind: .character, id: member.id, url: member.url, near: entity.address)
                .map { LinkTitle(address: $0, outcome: .success(member.name), source: .read(origin)) }
        }
        if failure == nil { deliver(ExplorerDetailScreen.Message.titles(titles), to: ExplorerDetailScreen.self) }
    }
}
