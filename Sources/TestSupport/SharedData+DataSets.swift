import Foundation

extension SharedData {
    /// Another data set beside the Rick and Morty dump (`../shared/data/<name>`: `swapi`,
    /// `pokeapi`), found where the dump is (so `CHARBROWSER_SHARED_DATA` moves them together).
    public static func dataSet(_ name: String) -> URL {
        folder.deletingLastPathComponent().appendingPathComponent(name, isDirectory: true)
    }
}
