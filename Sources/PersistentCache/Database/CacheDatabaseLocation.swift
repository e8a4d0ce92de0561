import Foundation

extension CacheDatabase {
    /// Where a database lives: a file (created 0600 in a 0700 folder when missing) or memory.
    public enum Location: Sendable, Hashable {
        /// A database file at this path; its folder is created when missing.
        case file(URL)
        /// A private in-memory database, gone when the `CacheDatabase` is released (for tests).
        case inMemory

        /// `$XDG_CACHE_HOME/<application>/cache.sqlite`, or `~/.cache/<application>/cache.sqlite`
        /// when `XDG_CACHE_HOME` is unset, empty or relative (the XDG rule). A library has no
        /// folder of its own: name your application's.
        public static func defaultCacheFile(
            application: String, environment: [String: String] = ProcessInfo.processInfo.environment
        ) -> URL {
            baseFolder(variable: "XDG_CACHE_HOME", fallback: ".cache", environment: environment)
                .appendingPathComponent(application, isDirectory: true)
                .appendingPathComponent("cache.sqlite", isDirectory: false)
        }

        /// `$XDG_DATA_HOME/<application>/device-storage.sqlite`, or under `~/.local/share` —
        /// settings are data, not cache, so they do not live in the cache folder.
        public static func defaultDeviceStorageFile(
            application: String, environment: [String: String] = ProcessInfo.processInfo.environment
        ) -> URL {
            baseFolder(variable: "XDG_DATA_HOME", fallback: ".local/share", environment: environment)
                .appendingPathComponent(application, isDirectory: true)
                .appendingPathComponent("device-storage.sqlite", isDirectory: false)
        }

        static func baseFolder(variable: String, fallback: String, environment: [String: String]) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            let home =
                environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                fallback, isDirectory: true)
        }
    }
}
