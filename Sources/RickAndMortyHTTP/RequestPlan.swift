import RepositoryCore

/// What a query turns into for one endpoint: a request to send, or an answer known without one.
enum RequestPlan<Value: Sendable>: Sendable {
    /// Send a GET for these path segments and query parameters; `ids` are the ids asked for.
    case send(path: [String], parameters: [(name: String, value: String)], ids: [Int])
    /// Answer at once (an empty id list needs no request).
    case answer(Value)
}

extension Endpoint {
    /// The plan for `query`, or `.queryNotSupported` when this endpoint cannot answer it.
    func plan(for query: Query) throws(RepositoryError) -> RequestPlan<Value> {
        switch (kind, query) {
        case (.page(let allowed), .page(let page)):
            let filters = page.canonicalFilters
            if let unknown = filters.first(where: { !allowed.contains($0.name) }) {
                throw unsupported(query, because: "it has no filter \"\(unknown.name)\"")
            }
            return .send(path: [resource], parameters: [("page", String(page.number))] + filters, ids: [])
        case (.one, .id(let text)), (.one, .key(let text)):  // a key and an id are one query
            let id = try Self.identifier(text, in: query, for: self)
            return .send(path: [resource, String(id)], parameters: [], ids: [id])
        case (.several, .ids(let texts)):
            var ids: [Int] = []
            for text in texts {
                let id = try Self.identifier(text, in: query, for: self)
                if !ids.contains(id) { ids.append(id) }
            }
            if ids.isEmpty, let empty { return .answer(empty) }
            // One id is sent twice so the API answers with a list, as it does for several.
            let list = ids.count == 1 ? [ids[0], ids[0]] : ids
            return .send(
                path: [resource, list.map(String.init).joined(separator: ",")], parameters: [], ids: ids)
        default:
            throw unsupported(query, because: "it answers \(kind.expected) queries only")
        }
    }

    /// A positive integer id, or `.queryNotSupported`.
    private static func identifier(_ text: String, in query: Query, for endpoint: Endpoint)
        throws(RepositoryError)
        -> Int
    {
        guard let id = Int(text), id > 0 else {
            throw endpoint.unsupported(query, because: "ids are positive integers")
        }
        return id
    }

    private func unsupported(_ query: Query, because reason: String) -> RepositoryError {
        .queryNotSupported(query: query.cacheKey, source: "the HTTP \(resource) endpoint (\(reason))")
    }
}

extension Endpoint.Kind {
    /// The query case this kind answers, for error messages.
    var expected: String {
        switch self {
        case .page: "page"
        case .one: "id"
        case .several: "ids"
        }
    }
}
