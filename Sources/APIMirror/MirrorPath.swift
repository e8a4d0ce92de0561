/// The served paths of a mirror: one spelling per resource (no trailing slash, so `/api/people/1`
/// and `/api/people/1/` are one), and the paths and origins of the URLs found in the data.
/// Pure functions: thread-safe.
enum MirrorPath {
    /// `path` with its trailing slashes dropped and a leading one ensured; `/` for the root.
    static func normalized(_ path: some StringProtocol) -> String {
        var text = Substring(path)
        while text.last == "/" { text = text.dropLast() }
        if text.first != "/" { return "/" + text }
        return String(text)
    }

    /// The normalized path of a reference: an absolute URL (`https://swapi.dev/api/people/1/`) or
    /// a root-relative one (`/api/v2/type/12/`); nil for anything else. Its query is dropped.
    static func of(reference: String) -> String? {
        let rest: Substring
        if let origin = origin(of: reference) {
            rest = reference.dropFirst(origin.count)
        } else if reference.hasPrefix("/"), !reference.hasPrefix("//") {
            rest = Substring(reference)
        } else {
            return nil
        }
        let path = rest.prefix { $0 != "?" && $0 != "#" }
        return normalized(path)
    }

    /// `scheme://host[:port]` of an absolute `http` or `https` URL; nil for anything else.
    static func origin(of reference: String) -> String? {
        for scheme in ["https://", "http://"] where reference.hasPrefix(scheme) {
            let afterScheme = reference.dropFirst(scheme.count)
            let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            guard !authority.isEmpty else { return nil }
            return scheme + authority
        }
        return nil
    }

    /// The folder of a normalized path: `/api/people` for `/api/people/1`; `/` for the root.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// `name` under the normalized `folder`.
    static func child(_ name: String, of folder: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// The URL of a normalized path at `address` (`http://127.0.0.1:8080`), with the trailing
    /// slash the mirrored APIs write.
    static func url(_ path: String, at address: String) -> String {
        path == "/" ? address + "/" : address + path + "/"
    }
}
