import ExplorerModel
import Foundation
import TestSupport

/// The shared data sets the explorer's tests read (never copied into the package).
enum ExplorerData {
    static var swapi: URL { SharedData.dataSet("swapi") }
    static var pokeapi: URL { SharedData.dataSet("pokeapi") }

    /// The tree of `file` under the shared data.
    static func node(_ file: URL) throws -> JSONNode {
        try JSONParser.parse(Array(try Data(contentsOf: file)))
    }

    static func swapi(_ name: String) throws -> JSONNode { try node(swapi.appendingPathComponent(name)) }
    static func pokeapi(_ path: String) throws -> JSONNode { try node(pokeapi.appendingPathComponent(path)) }

    static let swapiBase = APIBase(URL(string: "https://swapi.dev/api/")!)!
    static let pokeBase = APIBase(URL(string: "http://127.0.0.1:8090/api/v2/")!)!
    static let rickBase = APIBase(URL(string: "https://rickandmortyapi.com/api")!)!

    /// Every `.json` file of the three data sets.
    static func allJSONFiles() throws -> [URL] {
        var files: [URL] = []
        for folder in [swapi, pokeapi, SharedData.folder] {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "json" { files.append(file) }
        }
        return files
    }

    /// Whether `node` holds what Foundation read (`value`), member for member.
    static func same(_ node: JSONNode, _ value: Any) -> Bool {
        switch node {
        case .null: return value is NSNull
        case .bool(let flag): return (value as? NSNumber)?.boolValue == flag
        case .number(let text): return (value as? NSNumber)?.doubleValue == Double(text)
        case .string(let text): return value as? String == text
        case .array(let elements):
            guard let array = value as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { same($0, $1) }
        case .object(let object):
            guard let dictionary = value as? [String: Any], dictionary.count == Set(object.keys).count else { return false }
            return object.members.allSatisfy { member in dictionary[member.key].map { same(member.value, $0) } ?? false }
        }
    }
}
