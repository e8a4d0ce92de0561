import Foundation

/// A small film archive served by `TestRouter` as the hand-written Swagger 2.0 and OpenAPI 3.0
/// documents describe it: no index at its root (`/v1/` answers a status object), `/v1/films` a
/// bare array two films a page with `Link: rel="next"` (searched by `search` or `q`), `/v1/films/{id}`,
/// `/v1/directors` an object holding its list in `data`, `/v1/directors/{name}`, `/v1/studios` a
/// page of `results`, and the OpenAPI document at `/v1/openapi.json`.
enum FilmArchive {
    static let films: [(id: Int, title: String, director: String)] = [
        (1, "A New Hope", "lucas"), (2, "The Empire Strikes Back", "kershner"),
        (3, "Return of the Jedi", "marquand"),
        (4, "The Phantom Menace", "lucas"), (5, "Attack of the Clones", "lucas"),
    ]
    static let directors = [
        ("lucas", "George Lucas"), ("kershner", "Irvin Kershner"), ("marquand", "Richard Marquand"),
    ]

    static func film(_ film: (id: Int, title: String, director: String)) -> String {
        #"{"id":\#(film.id),"title":"\#(film.title)","director":"/v1/directors/\#(film.director)"}"#
    }

    static func director(_ director: (String, String)) -> String {
        #"{"id":"\#(director.0)","name":"\#(director.1)"}"#
    }

    /// The archive's answer to `path` with `query`; nil is 404.
    static func answer(_ path: String, _ query: [String: String]) -> RouterReply? {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        switch trimmed {
        case "/v1":
            return RouterReply(body: #"{"status":"ok","version":1}"#)
        case "/v1/openapi.json":
            return (try? String(contentsOf: LiveServers.fixture("films-openapi3.json"), encoding: .utf8)).map
            { RouterReply(body: $0) }
        case "/v1/films":
            if let search = query["search"] ?? query["q"] {
                let found = films.filter { $0.title.range(of: search, options: .caseInsensitive) != nil }
                return RouterReply(body: "[" + found.map(film).joined(separator: ",") + "]")
            }
            let page = Int(query["page"] ?? "1") ?? 1
            let shown = films.dropFirst((page - 1) * 2).prefix(2)
            guard page >= 1, !shown.isEmpty else { return nil }
            let more = page * 2 < films.count
            return RouterReply(
                body: "[" + shown.map(film).joined(separator: ",") + "]",
                link: more ? #"</v1/films?page=\#(page + 1)>; rel="next""# : nil)
        case "/v1/directors":
            return RouterReply(
                body: #"{"total":\#(directors.count),"data":["#
                    + directors.map(director).joined(separator: ",") + "]}")
        case "/v1/studios":
            return RouterReply(
                body: #"{"next":null,"results":[{"id":1,"name":"Lucasfilm"},{"id":2,"name":"Fox"}]}"#)
        default:
            if trimmed.hasPrefix("/v1/films/"), let id = Int(trimmed.dropFirst("/v1/films/".count)),
                let found = films.first(where: { $0.id == id })
            {
                return RouterReply(body: film(found))
            }
            if trimmed.hasPrefix("/v1/directors/"),
                let found = directors.first(where: { "/v1/directors/" + $0.0 == trimmed })
            {
                return RouterReply(body: director(found))
            }
            return nil
        }
    }
}
