import Foundation

/// Loads PokeAPI's api-data layout: every `<path>/index.json` answers at `/<path>/`; a list
/// (`{"count", "results": [{"name", "url"}]}`) is paged by `?offset=&limit=`, and each of its
/// entities also answers by name. Stateless.
enum FolderLayout {
    /// One `index.json` below the folder: the path it answers at, its name in the folder, its URL.
    struct IndexFile {
        var path: String
        var file: String
        var url: URL
    }

    /// How deep the folder is searched (a guard against a loop of symbolic links).
    static let maximumDepth = 12

    /// Every `index.json` in `folder` and its subfolders, by path.
    static func indexFiles(in folder: URL) throws(MirrorError) -> [IndexFile] {
        var found: [IndexFile] = []
        try collect(in: folder, relative: [], into: &found)
        return found.sorted { $0.path < $1.path }
    }

    private static func collect(in folder: URL, relative: [String], into found: inout [IndexFile]) throws(MirrorError) {
        guard relative.count <= maximumDepth else { return }
        for name in try MirrorSite.entries(of: folder) {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try collect(in: url, relative: relative + [name], into: &found)
            } else if name == "index.json" {
                let path = MirrorPath.normalized(relative.joined(separator: "/"))
                found.append(IndexFile(path: path, file: (relative + [name]).joined(separator: "/"), url: url))
            }
        }
    }

    /// The site of `folder`, whose index files are `indexFiles`.
    static func load(_ folder: URL, indexFiles: [IndexFile]) -> MirrorSite {
        var parts = SiteParts()
        var listNames: [(alias: String, target: String)] = []
        var entityNames: [(alias: String, target: String)] = []
        for index in indexFiles {
            let loaded: LoadedJSON
            switch LoadedJSON.read(index.url, named: index.file) {
            case .failure(let problem):
                parts.broken(problem, at: index.path)
                continue
            case .success(let json): loaded = json
            }
            if let list = offsetList(loaded, at: index.path) {
                parts.resources[index.path] = .offsetList(list.list)
                for (name, url) in list.references {
                    parts.references.note(url)
                    if let target = MirrorPath.of(reference: url) {
                        listNames.append((MirrorPath.child(name, of: index.path), target))
                    }
                }
                continue
            }
            parts.resources[index.path] = .document(loaded.bytes[...])
            guard let object = loaded.object else { continue }
            // An index (every value a string) names the API's URLs; so does an entity's own `url`.
            let strings = object.values.compactMap { $0 as? String }
            if strings.count == object.count { strings.forEach { parts.references.note($0) } }
            if let url = object["url"] as? String { parts.references.note(url) }
            if let name = object["name"] as? String, !name.isEmpty, !name.contains("/") {
                entityNames.append((MirrorPath.child(name, of: MirrorPath.parent(index.path)), index.path))
            }
        }
        for (alias, target) in listNames + entityNames { parts.alias(alias, to: target) }
        // The root answer is the shallowest index (PokeAPI's `api/v2/index.json`).
        let root = indexFiles.min { depth($0.path) < depth($1.path) }?.path ?? "/"
        return MirrorSite(folder: folder, layout: .folders, rootPath: root, parts: parts)
    }

    /// `loaded` as a list with its references' names and URLs, when it is one: an object with a
    /// numeric `count` and a `results` array.
    private static func offsetList(
        _ loaded: LoadedJSON, at path: String
    ) -> (list: OffsetList, references: [(name: String, url: String)])? {
        guard let object = loaded.object, let count = object["count"] as? Int,
            let results = object["results"] as? [Any],
            let range = JSONScan.member("results", of: loaded.bytes),
            let elements = JSONScan.elements(of: loaded.bytes, in: range), elements.count == results.count
        else { return nil }
        let references = results.compactMap { result -> (name: String, url: String)? in
            guard let entry = result as? [String: Any], let name = entry["name"] as? String,
                let url = entry["url"] as? String
            else { return nil }
            return (name, url)
        }
        let list = OffsetList(path: path, count: count, elements: elements.map { loaded.bytes[$0] })
        return (list, references)
    }

    private static func depth(_ path: String) -> Int {
        path == "/" ? 0 : path.split(separator: "/").count
    }
}
