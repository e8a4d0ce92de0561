import ExplorerModel

extension ExplorerProfile {
    /// `resources` as this profile shows them: in its order, each searched as it says.
    public func applied(to resources: [ExplorerResource]) -> [ExplorerResource] {
        let byName = Dictionary(resources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return ordered(resources.map(\.name)).compactMap { name in
            guard let resource = byName[name] else { return nil }
            guard let settings = self.resource(name) else { return resource }
            return ExplorerResource(
                name: resource.name, collection: resource.collection, itemPath: resource.itemPath,
                searchParameter: settings.searchParameter(found: resource.searchParameter))
        }
    }
}
