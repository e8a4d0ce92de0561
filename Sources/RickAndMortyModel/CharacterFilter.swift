import Foundation
import RepositoryCore

/// The API's character filters; empty values are ignored. A value type, thread-safe.
public struct CharacterFilter: Sendable, Hashable {
    /// Substring of the name.
    public var name: String
    /// `alive`, `dead` or `unknown`; empty for any.
    public var status: String
    /// Substring of the species.
    public var species: String
    /// Substring of the type.
    public var type: String
    /// `female`, `male`, `genderless` or `unknown`; empty for any.
    public var gender: String

    /// Creates a filter; every field defaults to "any".
    public init(
        name: String = "", status: String = "", species: String = "", type: String = "", gender: String = ""
    ) {
        self.name = name
        self.status = status
        self.species = species
        self.type = type
        self.gender = gender
    }

    /// The filters as query parameters (empty ones dropped).
    public var parameters: [String: String] {
        // No filter at all, the common case: nothing to build.
        if name.isEmpty, status.isEmpty, species.isEmpty, type.isEmpty, gender.isEmpty { return [:] }
        var parameters: [String: String] = [:]
        for (name, value) in [
            ("name", name), ("status", status), ("species", species), ("type", type), ("gender", gender),
        ]
        where !value.isEmpty && !value.allSatisfy(\.isWhitespace) {
            parameters[name] = value
        }
        return parameters
    }

    /// True when nothing is filtered.
    public var isEmpty: Bool { parameters.isEmpty }
}

extension CharacterFilter {
    /// The repository query for page `number` of the characters this filter selects.
    public func pageQuery(_ number: Int) -> Query {
        .page(PageQuery(number: number, filters: parameters))
    }
}
