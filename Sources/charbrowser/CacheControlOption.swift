import ArgumentParser
import RickAndMortyServer

/// The `Cache-Control` options of `serve` (`--cache-control`) and of the browser's embedded server
/// (`--server-cache-control`): one default and one check for both. Stateless.
enum CacheControlOption {
    /// What both servers send unless told otherwise: a minute fresh, then a day in which a stale
    /// answer is shown at once and revalidated behind it (the stale-while-revalidate read).
    static let defaultValue = "max-age=60, stale-while-revalidate=86400"

    /// The option's help, after `what` (which reads it says it is sent with).
    static func help(_ what: String) -> String {
        "The Cache-Control sent with \(what) (default: '\(defaultValue)'; 'none' sends none, as the public API does, and then --ttl decides)."
    }

    /// `value` as the header to send (nil: none), or a `ValidationError` naming `option` and why
    /// (the value itself is not echoed: it may hold control characters).
    static func checked(_ value: String, option: String) throws(ValidationError) -> String? {
        switch ServerConfiguration.checkedCacheControl(value) {
        case .success(let header): return header
        case .failure(let refusal): throw ValidationError("\(option) is \(refusal)")
        }
    }
}
