import ExplorerModel
import Foundation
import FuzzSupport

// Any JSON API's answers (`JSONParser`), and what the explorer reads from them: a list page, an
// entity's facts and links. Checked: nothing crashes and no input nests the parser past its limit;
// an error points inside the input, at line and column ≥ 1; in the plain subset both parsers
// agree on (ASCII, no escapes, short plain numbers, shallow), what reads here reads with
// Foundation's JSONSerialization too, to the same values (Foundation is the laxer: it takes a
// trailing comma); a page's rows are never more than
// its list's elements, and every link of an entity is a URL of the API and not the entity itself;
// every string's address is the one Foundation's URL parser gives (`APIBase` finds a plain one
// without it).

let api = APIBase(URL(string: "http://api.test/api/")!)!
let pageURL = URL(string: "http://api.test/api/things/")!

/// Whether `bytes` are in the subset where both parsers must agree: ASCII, no backslash, at
/// most 64 levels deep, numbers of at most 12 digits and no exponent.
func plain(_ bytes: [UInt8]) -> Bool {
    var depth = 0
    var digits = 0
    for byte in bytes {
        guard byte < 0x80, byte != UInt8(ascii: "\\") else { return false }
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            depth += 1
            if depth > 64 { return false }
        case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            digits += 1
            if digits > 12 { return false }
            continue
        case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "."):
            if digits > 0 { return false }
        default: break
        }
        digits = 0
    }
    return true
}

/// Whether `node` holds what Foundation read.
func same(_ node: JSONNode, _ value: Any) -> Bool {
    switch node {
    case .null: return value is NSNull
    case .bool(let flag): return (value as? NSNumber)?.boolValue == flag
    case .number(let text): return (value as? NSNumber)?.doubleValue == Double(text)
    case .string(let text): return value as? String == text
    case .array(let elements):
        guard let array = value as? [Any], array.count == elements.count else { return false }
        return zip(elements, array).allSatisfy { same($0, $1) }
    case .object(let object):
        guard let dictionary = value as? [String: Any] else { return false }
        // A key written twice: Foundation keeps one of them; compare the keys only.
        guard Set(dictionary.keys) == Set(object.keys) else { return false }
        return object.keys.count != Set(object.keys).count
            || object.members.allSatisfy { member in dictionary[member.key].map { same(member.value, $0) } ?? false }
    }
}

/// Every string of `node` (keys too), in document order.
func collectStrings(_ node: JSONNode, into found: inout [String]) {
    switch node {
    case .string(let text): found.append(text)
    case .array(let elements): for element in elements { collectStrings(element, into: &found) }
    case .object(let object):
        for member in object.members {
            found.append(member.key)
            collectStrings(member.value, into: &found)
        }
    default: break
    }
}

FuzzTarget.run { bytes in
    let input = Array(bytes)
    let parsed: JSONNode
    do throws(JSONParseError) {
        parsed = try JSONParser.parse(input)
    } catch {
        invariant(error.offset >= 0 && error.offset <= input.count, "an error outside the input")
        invariant(error.line >= 1 && error.column >= 1, "an error before the first line or column")
        return
    }
    if plain(input) {
        let foundation = try? JSONSerialization.jsonObject(with: Data(input), options: .fragmentsAllowed)
        invariant(foundation != nil, "read what Foundation refuses")
        if let foundation { invariant(same(parsed, foundation), "read other values than Foundation") }
    }
    if case .success(let page) = ListPage.read(parsed, at: pageURL, link: nil, api: api) {
        let elements = parsed.array ?? parsed["results"]?.array ?? []
        invariant(page.items.count <= max(elements.count, input.count), "more rows than elements")
    }
    var strings: [String] = []
    collectStrings(parsed, into: &strings)
    for text in strings.prefix(256) {
        let parsedAddress = api.resolve(text).flatMap(EntityAddress.init).flatMap { api.contains($0) ? $0 : nil }
        invariant(api.address(of: text) == parsedAddress, "an address other than the URL parser's")
    }
    if let object = parsed.object {
        let facts = EntityFacts(of: object, collection: EntityAddress(pageURL), api: api)
        for link in EntityLinks.links(in: object, own: facts.address, api: api) {
            invariant(api.contains(link.address), "a link outside the API")
            invariant(link.address != facts.address, "the entity links to itself")
        }
    }
}
