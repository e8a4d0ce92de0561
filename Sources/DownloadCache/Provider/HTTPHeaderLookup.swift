/// Header names this module reads or writes.
enum HTTPHeaderName {
    static let eTag = "ETag"
    static let lastModified = "Last-Modified"
    static let ifNoneMatch = "If-None-Match"
    static let ifModifiedSince = "If-Modified-Since"
}
