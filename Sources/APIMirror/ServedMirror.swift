import Foundation
import RickAndMortyServer

/// A `MirrorSite` bound to the address it is served at: every document rewritten and tagged once,
/// the lists ready to page, and the lookup of a request's path (a trailing slash or not, an
/// entity by id or by name). A value, thread-safe.
struct ServedMirror: Sendable {
    /// What one path answers.
    enum Answer: Sendable {
        case fixed(MirrorReply)
        case numbered(NumberedPages)
        case offset(OffsetPages)
    }

    /// `http://127.0.0.1:8080`.
    let address: String
    private let answers: [String: Answer]
    private let aliases: [String: String]
    private let brokenFolders: [String: FileProblem]

    /// Rewrites `site` for `address` (scheme, host and port, without a trailing slash).
    init(site: MirrorSite, address: String) {
        let rewriter = site.references.rewriter(to: address)
        var answers: [String: Answer] = [:]
        var entityPages: [(path: String, text: [UInt8])] = []
        for (path, resource) in site.resources {
            switch resource {
            case .document(let text):
                answers[path] = .fixed(.ok(rewriter.rewrite(text)))
            case .generatedIndex(let entries):
                answers[path] = .fixed(.ok(Self.index(entries, address: address)))
            case .numbered(let collection):
                let entities = collection.entities.map(rewriter.rewrite)
                answers[path] = .numbered(NumberedPages(collection, entities: entities, address: address))
                for (entityPath, text) in zip(collection.entityPaths, entities) {
                    if let entityPath { entityPages.append((entityPath, text)) }
                }
            case .offsetList(let list):
                answers[path] = .offset(OffsetPages(list, elements: list.elements.map(rewriter.rewrite), address: address))
            case .broken(let problem):
                answers[path] = .fixed(.broken(problem))
            }
        }
        // An entity answers at its own path unless a list or a document is there.
        for (path, text) in entityPages where answers[path] == nil {
            answers[path] = .fixed(.ok(text))
        }
        self.address = address
        self.answers = answers
        self.aliases = site.aliases
        self.brokenFolders = site.brokenFolders
    }

    /// The answer to a `GET` of `path` (as requested, percent-encoded) with `query`.
    func reply(path requested: String, query: QueryItems) -> MirrorReply {
        let path = MirrorPath.normalized(requested.removingPercentEncoding ?? requested)
        if let answer = answers[path] ?? aliases[path].flatMap({ answers[$0] }) {
            switch answer {
            case .fixed(let reply): return reply
            case .numbered(let pages): return pages.reply(query)
            case .offset(let pages): return pages.reply(query)
            }
        }
        var folder = path
        while folder != "/" {
            folder = MirrorPath.parent(folder)
            if let problem = brokenFolders[folder] { return .broken(problem) }
        }
        return .error(404, "There is nothing at \(MirrorPath.url(path, at: "")) in this mirror")
    }

    /// `{"<name>":"<address><path>/",…}` in the entries' order.
    private static func index(_ entries: [MirrorResource.IndexEntry], address: String) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (offset, entry) in entries.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(entry.name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            JSONText.appendQuoted(MirrorPath.url(entry.path, at: address), to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
