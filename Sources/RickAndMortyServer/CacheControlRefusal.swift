/// Why a `Cache-Control` value given to the server was refused (`ServerConfiguration.checkedCacheControl(_:)`). A value.
public struct CacheControlRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with it.
    public var reason: String

    public var description: String { "not a Cache-Control value: \(reason)" }
}
