import Foundation
import TestSupport

/// A small stand-in for the API over the real data dump: pages (20 per page, `name` filter, ETag
/// with 304 on `If-None-Match`), one object by id, lists by `1,2,3`, and the API's 404 bodies.
/// Pure data after loading: thread-safe.
struct FixtureAPI: Sendable {
    /// The raw JSON objects of each resource, sorted by id.
    let resources: [String: [Int: Data]]
    /// The ETag of page `number` (the data never changes).
    static func pageTag(_ number: Int) -> String { #"W/"page-\#(number)""# }
    /// The Last-Modified every page carries.
    static let lastModified = "Wed, 21 Oct 2015 07:28:00 GMT"

    /// Loads characters and episodes from the shared dump.
    static func load() throws -> FixtureAPI {
        var resources: [String: [Int: Data]] = [:]
        for (name, file) in [
            ("character", "characters.json"), ("episode", "episodes.json"), ("location", "locations.json"),
        ] {
            let objects =
                try JSONSerialization.jsonObject(with: SharedData.data(file)) as? [[String: Any]] ?? []
            var byID: [Int: Data] = [:]
            for object in objects {
                guard let id = object["id"] as? Int else { continue }
                byID[id] = try JSONSerialization.data(withJSONObject: object)
            }
            resources[name] = byID
        }
        return FixtureAPI(resources: resources)
    }

    /// The script serving this data under `/api`.
    var script: Script {
        { request, _ in reply(to: request) }
    }

    func reply(to request: RecordedRequest) -> ScriptedReply {
        let parts = request.path.split(separator: "/").map(String.init)
        guard parts.count >= 2, parts[0] == "api", let objects = resources[parts[1]] else {
            return .apiError(404, "There is nothing here.")
        }
        if parts.count == 2 { return page(of: objects, request: request) }
        let ids = parts[2].split(separator: ",").compactMap { Int($0) }
        guard !ids.isEmpty else { return .apiError(500, "Hey! you must provide an id") }
        if !parts[2].contains(",") {
            guard let object = objects[ids[0]] else {
                return .apiError(404, "\(parts[1].capitalized) not found")
            }
            return .json(object)
        }
        // Like the API: only ids found, sorted by id, duplicates collapsed.
        return .json(array(Set(ids).sorted().compactMap { objects[$0] }))
    }

    private func page(of objects: [Int: Data], request: RecordedRequest) -> ScriptedReply {
        let parameters = request.parameters
        let number = max(1, Int(parameters["page"] ?? "") ?? 1)
        let tag = Self.pageTag(number)
        if request.headers["if-none-match"] == tag {
            return ScriptedReply(status: 304, headers: ["ETag": tag])
        }
        let name = parameters["name", default: ""].lowercased()
        let matching = objects.keys.sorted().compactMap { id -> Data? in
            guard let object = objects[id] else { return nil }
            guard !name.isEmpty else { return object }
            let decoded = (try? JSONSerialization.jsonObject(with: object)) as? [String: Any]
            return (decoded?["name"] as? String)?.lowercased().contains(name) == true ? object : nil
        }
        let pages = (matching.count + 19) / 20
        guard number <= pages else { return .apiError(404, "There is nothing here") }
        let slice = Array(matching[((number - 1) * 20)..<min(matching.count, number * 20)])
        let next = number < pages ? #""https://elsewhere.invalid/api/character?page=\#(number + 1)""# : "null"
        var body = Data(
            #"{"info":{"count":\#(matching.count),"pages":\#(pages),"next":\#(next),"prev":null},"results":"#
                .utf8)
        body.append(array(slice))
        body.append(Data("}".utf8))
        return .json(body, headers: ["ETag": tag, "Last-Modified": Self.lastModified])
    }

    private func array(_ objects: [Data]) -> Data {
        var body = Data("[".utf8)
        for (index, object) in objects.enumerated() {
            if index > 0 { body.append(Data(",".utf8)) }
            body.append(object)
        }
        body.append(Data("]".utf8))
        return body
    }
}
