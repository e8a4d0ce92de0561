import ExplorerModel
import Foundation
import RepositoryCore

/// The main source of entities: the query's key is an entity's address (`Query.id(address.key)`),
/// read at its URL in the API's style; the answer must be a JSON object, which becomes the entity
/// with its own canonical address (a read by name, `/pokemon/bulbasaur`, answers `/pokemon/1`),
/// kept with what the server said of its freshness; a `cached` entry is revalidated, and a `304`
/// answers it confirmed (`.revalidated`). Thread-safe: its parts are.
struct EntitySource: GetDataSource {
    let api: APIBase
    let reader: JSONReader

    func get(_ query: Query, cached: Entry<ExplorerEntity>?) async throws(RepositoryError) -> Entry<
        ExplorerEntity
    > {
        guard let key = query.key, let requested = URL(string: key).flatMap(EntityAddress.init),
            let url = URLStyle(api).url(of: requested)
        else { throw .queryNotSupported(query: query.cacheKey, source: "The entity source") }
        let read = try await reader.read(url, for: query, revalidating: cached?.metadata)
        if let confirmed = read.confirmed(cached) { return confirmed }
        guard let object = read.node?.object else {
            throw .serialization(detail: ProblemMark.shape + "an entity must be a JSON object")
        }
        guard let entity = ExplorerEntity(object, requested: requested, collection: nil, api: api) else {
            throw .serialization(detail: ProblemMark.shape + "the entity has no address")
        }
        return Entry(value: entity, metadata: read.metadata, origin: .network)
    }
}
