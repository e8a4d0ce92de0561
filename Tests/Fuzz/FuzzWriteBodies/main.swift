import Foundation
import FuzzSupport
import RickAndMortyModel
@testable import RickAndMortyServer

// The server's reading of write bodies (`CharacterWriteBody`): a `PUT` of a whole character over
// the one served below, and a `PATCH` (a JSON merge patch) of its fields. The input is a body; a
// first line `PUT` or `PATCH` sends it as that method only, otherwise it is tried as both. Checked
// against the contract written here, not taken from `CharacterFields.violation()`:
// - reading is deterministic;
// - an accepted body yields a name of 1 to 200 characters, not only white space or format
//   characters, a species and a type of at most 200, a
//   status among Alive, Dead, unknown and a gender among Female, Male, Genderless, unknown;
// - an accepted PUT sets exactly the five strings the body holds; an accepted PATCH changes only
//   the fields the body names (`type: null` empties the type);
// - a refusal is 400 without a field (the body is not a JSON object), or 422 naming a field (an
//   editable one, or a key the body holds, as sent), and its reply is a JSON object with that
//   `error` and `field`.

/// The character a write is made over, as the server serves it.
let served = Array(
    """
    {"id":1,"name":"Rick Sanchez","status":"Alive","species":"Human","type":"","gender":"Male",\
    "origin":{"name":"Earth (C-137)","url":"http://127.0.0.1:8080/api/location/1"},\
    "location":{"name":"Citadel of Ricks","url":"http://127.0.0.1:8080/api/location/3"},\
    "image":"http://127.0.0.1:8080/api/character/avatar/1.jpeg",\
    "episode":["http://127.0.0.1:8080/api/episode/1","http://127.0.0.1:8080/api/episode/2"],\
    "url":"http://127.0.0.1:8080/api/character/1","created":"2017-11-04T18:48:46.250Z"}
    """.utf8)
let current = CharacterFields(name: "Rick Sanchez", status: "Alive", species: "Human", type: "", gender: "Male")
let names = ["name", "status", "species", "type", "gender"]

/// The body's top-level JSON object, read independently of the server's reading (nil: none).
func object(_ body: [UInt8]) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
}

/// The rules an accepted write's fields keep.
func checkLimits(_ fields: CharacterFields, _ method: String) {
    invariant((1...200).contains(fields.name.count), "\(method) accepted a name of \(fields.name.count) characters")
    invariant(
        fields.name.unicodeScalars.contains { scalar in
            !scalar.properties.isWhitespace && scalar.properties.generalCategory != .format
        },
        "\(method) accepted a blank name")
    invariant(fields.species.count <= 200, "\(method) accepted a species of \(fields.species.count) characters")
    invariant(fields.type.count <= 200, "\(method) accepted a type of \(fields.type.count) characters")
    invariant(["Alive", "Dead", "unknown"].contains(fields.status), "\(method) accepted status \(fields.status)")
    invariant(
        ["Female", "Male", "Genderless", "unknown"].contains(fields.gender), "\(method) accepted gender \(fields.gender)")
}

/// What a refusal must be.
func checkRefusal(_ refusal: WriteRefusal, _ body: [UInt8], _ method: String) {
    invariant([400, 413, 422].contains(refusal.status), "\(method) refused with status \(refusal.status)")
    if refusal.status == 422 {
        // The field named is an editable one, or a key the body holds (even "", as sent).
        let field = refusal.field
        invariant(
            field.map { names.contains($0) || object(body)?[$0] != nil } == true,
            "\(method) 422 names \(field ?? "no field"), neither editable nor in the body")
    } else {
        invariant(refusal.field == nil, "\(method) \(refusal.status) names a field")
    }
    if refusal.status == 400 { invariant(object(body) == nil, "\(method) refused a JSON object as not one") }
    let reply = object(refusal.reply.body.bytes)
    invariant(reply?["error"] as? String == refusal.message, "\(method) refusal's reply lacks its error")
    invariant(reply?["field"] as? String == refusal.field, "\(method) refusal's reply lacks its field")
}

func checkPut(_ body: [UInt8]) {
    let result = CharacterWriteBody.put(body, served: served)
    invariant(result == CharacterWriteBody.put(body, served: served), "PUT reading is not deterministic")
    switch result {
    case .success(let fields):
        checkLimits(fields, "PUT")
        let given = object(body)
        for name in names {
            invariant(given?[name] as? String == fields[name], "PUT set \(name) to something the body does not hold")
        }
    case .failure(let refusal):
        checkRefusal(refusal, body, "PUT")
    }
}

func checkPatch(_ body: [UInt8]) {
    let result = CharacterWriteBody.patch(body, current: current)
    invariant(result == CharacterWriteBody.patch(body, current: current), "PATCH reading is not deterministic")
    switch result {
    case .success(let fields):
        checkLimits(fields, "PATCH")
        let given = object(body) ?? [:]
        invariant(given.keys.allSatisfy(names.contains), "PATCH accepted a field that is not editable")
        for name in names {
            switch given[name] {
            case nil: invariant(fields[name] == current[name], "PATCH changed \(name), which the body does not name")
            case is NSNull: invariant(name == "type" && fields.type.isEmpty, "PATCH accepted null for \(name)")
            case let text as String: invariant(fields[name] == text, "PATCH set \(name) to another value")
            default: invariant(false, "PATCH accepted a \(name) that is not a string")
            }
        }
    case .failure(let refusal):
        checkRefusal(refusal, body, "PATCH")
    }
}

FuzzTarget.run { bytes in
    let newline = bytes.firstIndex(of: 10)
    let method = newline.map { String(decoding: bytes[..<$0], as: UTF8.self) }
    let rest = newline.map { Array(bytes[bytes.index(after: $0)...]) } ?? []
    switch method {
    case "PUT": checkPut(rest)
    case "PATCH": checkPatch(rest)
    default:
        checkPut(bytes)
        checkPatch(bytes)
    }
}
