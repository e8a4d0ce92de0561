import ExplorerData
import TerminalUI

extension ExplorerDetailScreen {
    /// `y` and `Y` on the detail: `y` the entity as JSON; `Y` the URL of the link on the cursor's
    /// line, else the entity's own.
    mutating func copy(_ format: CopyFormat, context: inout ScreenContext) {
        guard let explorer = context.services.explorer?.repository else { return }
        switch format {
        case .json:
            guard let entity else {
                context.toast("Nothing to copy yet: the entity is not read.", kind: .info)
                return
            }
            context.copy(ExplorerCopy.subject(of: entity, repository: explorer), as: .json)
        case .url:
            if lines.indices.contains(cursor.selected), let link = lines[cursor.selected].link {
                let title = link.name ?? titles[link.address] ?? ""
                context.copy(ExplorerCopy.subject(at: link.address, title: title, repository: explorer), as: .url)
            } else if let entity {
                context.copy(
                    ExplorerCopy.subject(at: entity.address, title: entity.title, repository: explorer), as: .url)
            } else if case .address(let address) = target {
                context.copy(ExplorerCopy.subject(at: address, title: knownTitle, repository: explorer), as: .url)
            } else {
                context.toast("Nothing to copy yet: the entity is not read.", kind: .info)
            }
        }
    }
}
