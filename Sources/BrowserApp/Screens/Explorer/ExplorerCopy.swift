import ExplorerData
import ExplorerModel
import Foundation
import RickAndMortyModel

/// What `y` and `Y` copy on the explorer's screens: an entity's fields as JSON, or an entity's or
/// a link's URL as the API writes it, named by its place in the API and its title
/// (`people/1 (Luke Skywalker)`). The copy itself goes the way every copy goes
/// (`ScreenContext.copy`: sanitized, OSC 52). Stateless.
enum ExplorerCopy {
    /// The subject of `entity`: its fields as the API wrote them, and its URL.
    static func subject(of entity: ExplorerEntity, repository: ExplorerRepository) -> CopySubject {
        var subject = CopySubject(
            label: label(entity.address, title: entity.title, api: repository.api),
            json: JSONText.text(of: .object(entity.object)))
        subject.url = url(of: entity.address, repository: repository)
        return subject
    }

    /// The subject of what is at `address`, titled `title`, for its URL (its JSON is not read).
    static func subject(at address: EntityAddress, title: String, repository: ExplorerRepository) -> CopySubject {
        var subject = CopySubject(label: label(address, title: title, api: repository.api), json: "")
        subject.url = url(of: address, repository: repository)
        return subject
    }

    /// `people/1 (Luke Skywalker)`: the address under the API's base path, and the title when it
    /// says more than the id (sanitized, at most 60 characters).
    static func label(_ address: EntityAddress, title: String, api: APIBase) -> String {
        let base = api.address.path
        var place = address.path
        if base == "/" {
            place = String(place.dropFirst())
        } else if place.hasPrefix(base + "/") {
            place = String(place.dropFirst(base.count + 1))
        }
        let name = String(UntrustedText.sanitize(ExplorerText.clean(title)).prefix(60))
        return name.isEmpty || name == address.lastSegment ? place : "\(place) (\(name))"
    }

    /// The URL the API writes for `address`, else its identity.
    static func url(of address: EntityAddress, repository: ExplorerRepository) -> String {
        repository.url(of: address)?.absoluteString ?? address.key
    }
}
