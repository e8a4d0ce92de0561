extension Dictionary where Key == String, Value == String {
    /// The value of the header `name`, compared case-insensitively as HTTP field names are.
    func headerValue(named name: String) -> String? {
        if let exact = self[name] { return exact }
        let lowered = name.lowercased()
        return first { $0.key.lowercased() == lowered }?.value
    }
}

/// Header names this module reads or writes.
enum HTTPHeaderName {
    static let eTag = "ETag"
    static let lastModified = "Last-Modified"
    static let ifNoneMatch = "If-None-Match"
    static let ifModifiedSince = "If-Modified-Since"
}
