import Foundation

/// A folder of JSON loaded once into memory as the API it mirrors: PokeAPI's api-data layout
/// (`<resource>/index.json`, `<resource>/<id>/index.json`) or one array per resource
/// (`<resource>.json`, as SWAPI's), each path with what it answers, and the URLs of the mirrored
/// API to rewrite. Files that are not what their place promises are kept as `problems` (their
/// paths answer 500); the rest is served. A value, thread-safe.
public struct MirrorSite: Sendable {
    /// The two layouts a folder can have.
    public enum Layout: Sendable, Hashable {
        /// PokeAPI's api-data: `api/v2/<resource>/index.json` lists, `…/<id>/index.json` entities.
        case folders
        /// One array of whole entities per resource, `<resource>.json`, and perhaps `index.json`.
        case arrays
    }

    /// The folder loaded.
    public let folder: URL
    /// Its layout.
    public let layout: Layout
    /// The path of the root answer (`/api` for SWAPI's arrays, `/api/v2` for PokeAPI's slice).
    public let rootPath: String
    /// The files that could not be served, in the order met.
    public let problems: [FileProblem]

    let resources: [String: MirrorResource]
    /// Other spellings of a path: an entity's name for its id (`/api/v2/pokemon/bulbasaur`).
    let aliases: [String: String]
    /// Lists whose file is broken: every path under them answers 500 naming it.
    let brokenFolders: [String: FileProblem]
    let references: MirroredReferences

    init(folder: URL, layout: Layout, rootPath: String, parts: SiteParts) {
        self.folder = folder
        self.layout = layout
        self.rootPath = rootPath
        self.problems = parts.problems
        self.resources = parts.resources
        self.aliases = parts.aliases
        self.brokenFolders = parts.brokenFolders
        self.references = parts.references
    }

    /// How many paths answer (aliases and entities of arrays aside).
    public var pathCount: Int { resources.count }

    /// Loads `folder`, working out its layout: PokeAPI's when an `index.json` lies in a subfolder,
    /// else arrays when it holds `<resource>.json` files.
    /// - Throws: `MirrorError.notAFolder`, `.unreadableFolder`, or `.noLayout` when it holds neither.
    public static func load(from folder: URL) throws(MirrorError) -> MirrorSite {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .notAFolder(path: folder.path)
        }
        let indexFiles = try FolderLayout.indexFiles(in: folder)
        if indexFiles.contains(where: { $0.path != "/" }) {
            return FolderLayout.load(folder, indexFiles: indexFiles)
        }
        let arrays = try ArrayLayout.arrayFiles(in: folder)
        guard !arrays.isEmpty else { throw .noLayout(path: folder.path) }
        return ArrayLayout.load(folder, arrays: arrays)
    }

    /// The names of `folder`'s entries, hidden ones left out, sorted.
    static func entries(of folder: URL) throws(MirrorError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw .unreadableFolder(path: folder.path, reason: error.localizedDescription)
        }
    }
}

/// What a layout's loader gathers for a `MirrorSite`. A value, thread-safe.
struct SiteParts: Sendable {
    var resources: [String: MirrorResource] = [:]
    var aliases: [String: String] = [:]
    var brokenFolders: [String: FileProblem] = [:]
    var references = MirroredReferences()
    var problems: [FileProblem] = []

    /// `path` answers 500 naming the file; with `folder`, every path under it too.
    mutating func broken(_ problem: FileProblem, at path: String, folder: Bool = false) {
        resources[path] = .broken(problem)
        if folder { brokenFolders[path] = problem }
        problems.append(problem)
    }

    /// `alias` answers as `target` does, unless something already answers at `alias`.
    mutating func alias(_ alias: String, to target: String) {
        guard alias != target, resources[alias] == nil, aliases[alias] == nil else { return }
        aliases[alias] = target
    }
}
