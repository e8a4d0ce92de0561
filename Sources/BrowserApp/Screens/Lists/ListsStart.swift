import RickAndMortyModel

/// Where a Rick and Morty run starts (`--open`): one of the three lists, or one of its entities
/// opened over it. A plain value.
package struct ListsStart: Sendable, Hashable {
    /// Why `--open` names nothing the Rick and Morty browser can show, as one sentence. A value.
    package enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// No list of this name.
        case noSuchResource(String)
        /// The resource's id is not a whole number from 1.
        case badID(resource: String, id: String)

        package var description: String {
            switch self {
            case .noSuchResource(let name):
                "Rick and Morty has no resource named \(name): its resources are \(ListsStart.resourceNames)."
            case .badID(let resource, let id):
                "--open \(resource)/\(id) names no entity: an id of Rick and Morty's \(resource) is a whole "
                    + "number from 1."
            }
        }
    }

    /// The list shown.
    let kind: EntityKind
    /// The entity opened over it, when given.
    let id: Int?

    /// The start `start` names: `characters`, `episodes` or `locations`, with an id from 1 or none.
    package init(_ start: ExplorerSession.Start) throws(Refusal) {
        guard let kind = EntityKind.allCases.first(where: { Self.resourceName(of: $0) == start.resource })
        else { throw .noSuchResource(start.resource) }
        self.kind = kind
        guard let text = start.id else {
            id = nil
            return
        }
        guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let number = Int(text), number >= 1
        else { throw .badID(resource: start.resource, id: text) }
        id = number
    }

    /// The resource a list is opened by, as the API's index names it: `characters`.
    static func resourceName(of kind: EntityKind) -> String {
        switch kind {
        case .character: "characters"
        case .episode: "episodes"
        case .location: "locations"
        }
    }

    /// The three resources, in the lists' order: `characters, episodes and locations`.
    static var resourceNames: String {
        let names = EntityKind.allCases.map(resourceName(of:))
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
}
