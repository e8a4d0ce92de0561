import Foundation

/// Loads one array of whole entities per resource (`people.json`, as SWAPI's): each list answers
/// at its path (the index's URL for it, else the folder of its entities' `url`s), each entity at
/// the path of its `url`, and the root at the folder of the lists, from `index.json` when present,
/// else made of the files' names in alphabetical order. Stateless.
enum ArrayLayout {
    /// One `<resource>.json` of the folder.
    struct ArrayFile {
        var name: String
        var url: URL
        var file: String { name + ".json" }
    }

    /// The folder's `<resource>.json` files, `index.json` aside, by name.
    static func arrayFiles(in folder: URL) throws(MirrorError) -> [ArrayFile] {
        try MirrorSite.entries(of: folder).filter { $0.hasSuffix(".json") && $0 != "index.json" }.map { file in
            ArrayFile(name: String(file.dropLast(".json".count)), url: folder.appendingPathComponent(file))
        }
    }

    /// One array file read: its entities' text and what the site needs of each, or its problem.
    private struct ReadArray {
        var file: ArrayFile
        var content: Result<[Entity], FileProblem>
        /// The path the file's entities place it at (the folder of the first one's `url`).
        var pathFromEntities: String?
    }

    private struct Entity {
        var text: ArraySlice<UInt8>
        var searchText: String?
        var url: String?
        var id: String?
    }

    /// The site of `folder`, whose arrays are `arrays`.
    static func load(_ folder: URL, arrays: [ArrayFile]) -> MirrorSite {
        var parts = SiteParts()
        let index = readIndex(in: folder, parts: &parts)
        let read = arrays.map(readArray)
        for url in read.flatMap({ (try? $0.content.get()) ?? [] }).compactMap(\.url) { parts.references.note(url) }
        // The root is the folder of the lists: of the index's URLs, else of the entities' folders.
        let knownLists = arrays.compactMap { index.paths[$0.name] } + read.compactMap(\.pathFromEntities)
        let root = knownLists.first.map(MirrorPath.parent) ?? "/"
        var entries: [MirrorResource.IndexEntry] = []
        for array in read {
            let path = index.paths[array.file.name] ?? array.pathFromEntities ?? MirrorPath.child(array.file.name, of: root)
            entries.append(MirrorResource.IndexEntry(name: array.file.name, path: path))
            switch array.content {
            case .failure(let problem):
                parts.broken(problem, at: path, folder: true)
            case .success(let entities):
                parts.resources[path] = .numbered(
                    NumberedCollection(
                        path: path, entities: entities.map(\.text), searchTexts: entities.map(\.searchText),
                        entityPaths: entities.map { entity in
                            entity.url.flatMap(MirrorPath.of(reference:))
                                ?? entity.id.map { MirrorPath.child($0, of: path) }
                        }))
            }
        }
        if parts.resources[root] == nil {
            parts.resources[root] = index.resource ?? .generatedIndex(entries)
        }
        return MirrorSite(folder: folder, layout: .arrays, rootPath: root, parts: parts)
    }

    /// `index.json`, when present: the root's document and each resource's list path by name.
    private static func readIndex(
        in folder: URL, parts: inout SiteParts
    ) -> (resource: MirrorResource?, paths: [String: String]) {
        let url = folder.appendingPathComponent("index.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return (nil, [:]) }
        switch LoadedJSON.read(url, named: "index.json") {
        case .failure(let problem):
            parts.problems.append(problem)
            return (.broken(problem), [:])
        case .success(let loaded):
            guard let object = loaded.object else {
                let problem = FileProblem(file: "index.json", reason: "is not a JSON object")
                parts.problems.append(problem)
                return (.broken(problem), [:])
            }
            var paths: [String: String] = [:]
            for (name, value) in object {
                guard let reference = value as? String else { continue }
                parts.references.note(reference)
                paths[name] = MirrorPath.of(reference: reference)
            }
            return (.document(loaded.bytes[...]), paths)
        }
    }

    private static func readArray(_ file: ArrayFile) -> ReadArray {
        let loaded: LoadedJSON
        switch LoadedJSON.read(file.url, named: file.file) {
        case .failure(let problem): return ReadArray(file: file, content: .failure(problem))
        case .success(let json): loaded = json
        }
        guard let objects = loaded.value as? [Any],
            let ranges = JSONScan.elements(of: loaded.bytes, in: 0..<loaded.bytes.count), ranges.count == objects.count
        else {
            return ReadArray(file: file, content: .failure(FileProblem(file: file.file, reason: "is not a JSON array")))
        }
        var entities: [Entity] = []
        for (object, range) in zip(objects, ranges) {
            guard let fields = object as? [String: Any] else {
                return ReadArray(
                    file: file, content: .failure(FileProblem(file: file.file, reason: "holds a value that is not an object")))
            }
            entities.append(
                Entity(
                    text: loaded.bytes[range], searchText: fields["name"] as? String ?? fields["title"] as? String,
                    url: fields["url"] as? String, id: fields["id"].flatMap(Self.idText)))
        }
        let pathFromEntities = entities.lazy.compactMap { $0.url.flatMap(MirrorPath.of(reference:)) }.first
            .map(MirrorPath.parent)
        return ReadArray(file: file, content: .success(entities), pathFromEntities: pathFromEntities)
    }

    /// An `id` as a path segment: a whole number or a string without a slash.
    private static func idText(_ id: Any) -> String? {
        if let number = id as? Int { return String(number) }
        if let text = id as? String, !text.isEmpty, !text.contains("/") { return text }
        return nil
    }
}
