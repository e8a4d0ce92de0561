import ExplorerData
import Foundation
import ExplorerModel

/// The API the browser explores when it is not Rick and Morty (`--api URL`): its repository, its
/// resources as discovered at start, and where the run starts (`--open`). Thread-safe: a value
/// over a thread-safe repository.
package struct ExplorerSession: Sendable {
    /// Where a run starts: a resource's list, or one of its entities over that list.
    package struct Start: Sendable, Hashable {
        /// The resource's name.
        package var resource: String
        /// The entity's id (or name, where the API reads by name), when given.
        var id: String?

        /// A start at `resource` (`people`) or `resource/id` (`people/1`).
        package init(resource: String, id: String? = nil) {
            self.resource = resource
            self.id = id
        }

        /// The start `text` names: `RESOURCE` or `RESOURCE/ID`.
        package init(parsing text: String) {
            let parts = text.trimmingCharacters(in: ["/"]).split(separator: "/", maxSplits: 1)
            let id = parts.count > 1 ? String(parts[1]) : nil
            self.init(resource: parts.first.map(String.init) ?? "", id: id)
        }
    }

    /// Where the API's lists, entities and titles are read.
    let repository: ExplorerRepository
    /// The API's resources, in the profile's order (else the API's), searched as it says.
    let resources: [ExplorerResource]
    /// Where the run starts; nil: the first resource's list.
    let start: Start?
    /// How the API is shown (`--profile`, or a built-in one), nil for none.
    let profile: ExplorerProfile?
    /// The collections whose entities the profile lets one read ask for several of, and how many.
    let batches: [EntityAddress: Int]

    /// A session over `repository` with `resources` as `profile` orders and searches them,
    /// starting at `start`.
    package init(
        repository: ExplorerRepository, resources: [ExplorerResource], start: Start? = nil,
        profile: ExplorerProfile? = nil
    ) {
        self.repository = repository
        self.resources = profile?.applied(to: resources) ?? resources
        self.start = start
        self.profile = profile
        var batches: [EntityAddress: Int] = [:]
        for resource in self.resources {
            if let size = profile?.resource(resource.name)?.batch, let collection = EntityAddress(resource.collection) {
                batches[collection] = size
            }
        }
        self.batches = batches
    }

    /// The API explored, for links and addresses.
    package var api: APIBase { repository.api }

    /// The screen at the bottom of the stack: the start resource's list (the first resource's
    /// without `--open`), which opens the start entity over itself when one is given.
    func bottomScreen() -> ListScreen {
        let named = start.flatMap { start in resources.first { $0.name == start.resource } }
        let resource = named ?? resources.first
        return ListScreen(resource: resource, openingID: named == nil ? nil : start?.id)
    }
}
