import ExplorerData
import ExplorerModel
import Foundation
import RickAndMortyModel

/// What `y` and `Y` copy on the explorer's screens: an entity's fields as JSON, or an entity's or
/// a link's URL as the API writes it (else its identity), named by its place in the API and its
/// title (`people/1 (Luke Skywalker)`). The copy itself goes the way every copy goes
/// (`ScreenContext.copy`: sanitized, OSC 52).
extension CopySubject {
    /// The subject of `entity`: its fields as the API wrote them, and its URL.
    init(explored entity: ExplorerEntity, repository: ExplorerRepository) {
        self.init(
            explored: entity.address, title: entity.title, json: JSONText.text(of: .object(entity.object)),
            repository: repository)
    }

    /// The subject of what is at `address`, titled `title`, with `json` (empty: not read). Its label
    /// is the address under the API's base path, and the title when it says more than the id
    /// (sanitized, at most 60 characters).
    init(explored address: EntityAddress, title: String, json: String = "", repository: ExplorerRepository) {
        let base = repository.api.address.path
        var place = address.path
        if base == "/" {
            place = String(place.dropFirst())
        } else if place.hasPrefix(base + "/") {
            place = String(place.dropFirst(base.count + 1))
        }
        let name = String(UntrustedText.sanitize(ExplorerText.clean(title)).prefix(60))
        let label = name.isEmpty || name == address.lastSegment ? place : "\(place) (\(name))"
        self.init(label: label, json: json)
        url = repository.url(of: address)?.absoluteString ?? address.key
    }
}
