import Foundation
import RickAndMortyModel

extension Dataset {
    /// The three files a dump folder holds.
    public static let fileNames = (
        characters: "characters.json", locations: "locations.json", episodes: "episodes.json"
    )

    /// Loads a folder laid out like the dump: `characters.json`, `locations.json`, `episodes.json`,
    /// each a JSON array in the API's format. Reads files only; safe from any thread.
    public static func load(from folder: URL) throws(DatasetError) -> Dataset {
        let dataset = Dataset(
            characters: try decodeArray(
                ShowCharacter.self, folder.appendingPathComponent(fileNames.characters)),
            locations: try decodeArray(Location.self, folder.appendingPathComponent(fileNames.locations)),
            episodes: try decodeArray(Episode.self, folder.appendingPathComponent(fileNames.episodes)))
        let duplicates = dataset.duplicateIDs()
        guard duplicates.isEmpty else { throw .duplicateIDs(folder: folder.path, ids: duplicates) }
        return dataset
    }

    /// True when `folder` holds the three dump files.
    public static func looksLikeDump(_ folder: URL) -> Bool {
        [fileNames.characters, fileNames.locations, fileNames.episodes].allSatisfy {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
    }

    static func decodeArray<Record: Decodable>(_ type: Record.Type, _ file: URL) throws(DatasetError)
        -> [Record]
    {
        guard FileManager.default.fileExists(atPath: file.path) else { throw .missingFile(path: file.path) }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadable(path: file.path, reason: error.localizedDescription)
        }
        do {
            return try APIDecoding.decode([Record].self, from: data)
        } catch {
            throw .malformed(path: file.path, reason: String(describing: error))
        }
    }
}
