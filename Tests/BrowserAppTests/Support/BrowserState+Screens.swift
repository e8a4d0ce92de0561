@testable import BrowserApp
import RepositoryCore

/// The tests' names for the screen on top and the reads in flight, read from the stack.
enum ShownScreen: Equatable {
    case list, detail, episode, location, other
}

/// The reads in flight on the stack's screens, as the tests ask for them. A plain value.
struct StackLoads {
    /// The policy of a character detail's read in flight, if any.
    var detail: CachePolicy?
    /// The policy of an episode's or location's read in flight, if any.
    var entity: CachePolicy?
    /// Whether a cache clearing is in flight.
    var clearing: Bool
    /// Whether any of them is (the lists' page reads are not counted).
    var isBusy: Bool { detail != nil || entity != nil || clearing }
}

extension BrowserState {
    /// The text typed so far, while a text question (the filter prompt) is asked.
    var prompt: String? {
        if case .text(let text, _)? = asking?.question.kind { text } else { nil }
    }

    /// Which screen is on top.
    var screen: ShownScreen {
        switch screens.last {
        case is ListScreen: .list
        case let entity as ExplorerDetailScreen:
            switch entity.target {
            case .rickAndMorty(.character, _): .detail
            case .rickAndMorty(.location, _): .location
            case .rickAndMorty: .episode
            default: .other
            }
        default: .other
        }
    }

    /// The entity details on the stack, top first.
    private var details: [ExplorerDetailScreen] { screens.reversed().compactMap { $0 as? ExplorerDetailScreen } }

    /// The detail reads and cache clearing in flight.
    var loads: StackLoads {
        StackLoads(
            detail: details.lazy.filter { $0.characterID != nil }.compactMap(\.loading).first,
            entity: details.lazy.filter { $0.characterID == nil }.compactMap(\.loading).first,
            clearing: isClearing)
    }
}
