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
    public static func looksLikeDump(_ folder: URL) -> Bool { missingFile(in: folder) == nil }

    /// The path of the first of the three dump files `folder` does not hold as a file; nil when
    /// it holds them all (whether they parse is `load`'s to say).
    public static func missingFile(in folder: URL) -> String? {
        [fileNames.characters, fileNames.locations, fileNames.episodes].lazy
            .map { folder.appendingPathComponent($0).path }
            .first { path in
                var isFolder: ObjCBool = false
                return !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) || isFolder.boolValue
            }
    }

    /// `--data`'s check, as the commands say it: nil when `folder` holds the three dump files.
    public static func folderProblem(_ folder: String) -> String? {
        missingFile(in: URL(fileURLWithPath: folder, isDirectory: true)).map {
            "--data takes a dump folder (characters.json, locations.json, episodes.json): there is no \($0)"
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
