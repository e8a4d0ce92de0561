import ExplorerModel
import Foundation
import RepositoryCore

/// The main source of an API's resources when its root is an index: the root read, its keys in
/// order with their collections; a root that is not an index (not JSON, not an object of URLs of
/// the API) is `ProblemMark.noIndex`. Kept with what the server said of its freshness; a `cached`
/// index is revalidated, and a `304` answers it confirmed. Thread-safe: its parts are.
struct RootSource: GetDataSource {
    let api: APIBase
    let reader: JSONReader

    func get(_ query: Query, cached: Entry<ExplorerResources>?) async throws(RepositoryError) -> Entry<
        ExplorerResources
    > {
        let read: JSONReader.Read
        do {
            read = try await reader.read(api.url, for: query, revalidating: cached?.metadata)
        } catch .serialization(let detail) {
            throw .serialization(
                detail: ProblemMark.noIndex + "it is "
                    + detail.replacingOccurrences(of: ProblemMark.notJSON, with: "not JSON, "))
        } catch .notFound {
            throw .serialization(detail: ProblemMark.noIndex + "it answers 404")
        }
        if let confirmed = read.confirmed(cached) { return confirmed }
        guard let node = read.node else { throw .mainUnavailable(reason: "HTTP 304 Not Modified with nothing cached") }
        switch APIIndex.read(node, api: api) {
        case .failure(let problem):
            throw .serialization(detail: ProblemMark.noIndex + problem.description)
        case .success(let index):
            let names = index.resources.map(\.name)
            let search = SearchProfiles.parameter(names: names, base: api)
            let resources = index.resources.compactMap { resource in
                resource.address.url.map { url in
                    ExplorerResource(
                        name: resource.name, collection: URLStyle(api).url(of: resource.address) ?? url,
                        searchParameter: search)
                }
            }
            return Entry(
                value: ExplorerResources(resources: resources, discovery: .index),
                metadata: read.metadata, origin: .network)
        }
    }
}
