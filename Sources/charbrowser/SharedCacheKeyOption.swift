import ArgumentParser
import Foundation
import PostgresCache

/// `--shared-cache-key FILE`, else `CHARBROWSER_SHARED_CACHE_KEY` (a file's path; empty: none):
/// the shared rows' signing key. Stateless.
enum SharedCacheKeyOption {
    /// The key in the file the option (or the variable) names; nil when neither names one. A
    /// missing, unreadable or short key file is a usage error naming where it came from.
    static func load(_ option: String?) throws(ValidationError) -> SharedCacheSigningKey? {
        let variable = ProcessInfo.processInfo.environment["CHARBROWSER_SHARED_CACHE_KEY"]
        guard let path = option ?? (variable?.isEmpty == false ? variable : nil) else { return nil }
        do {
            return try SharedCacheSigningKey(contentsOf: path)
        } catch {
            let source = option == nil ? "CHARBROWSER_SHARED_CACHE_KEY" : "--shared-cache-key"
            throw ValidationError("\(source): \(error.description)")
        }
    }
}
