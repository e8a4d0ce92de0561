import ExplorerModel
import Foundation

extension ExplorerRepository {
    /// The URL the API writes for `address`, as it is read (`https://swapi.dev/api/people/1/` with
    /// SWAPI's trailing slash, `…/api/character/1` without): what copying an entity's URL gives.
    public func url(of address: EntityAddress) -> URL? { URLStyle(api).url(of: address) }
}
