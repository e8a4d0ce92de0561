import ExplorerData
import TerminalUI

/// Moving between an explored API's resources from any explorer screen: `1`–`3` open the first
/// three, `:` the picker. Stateless.
enum ExplorerNavigation {
    /// The resource at `index` of the API explored, when there is one.
    static func resource(at index: Int, context: ScreenContext) -> ExplorerResource? {
        guard let resources = context.services.explorer?.resources, resources.indices.contains(index) else {
            return nil
        }
        return resources[index]
    }

    /// On a list: shows resource `index` in its place.
    static func openResource(_ index: Int, from list: inout ExplorerListScreen, context: inout ScreenContext)
        -> [Effect<ExplorerListScreen.Message>]
    {
        guard let resource = resource(at: index, context: context) else {
            context.toast("The API has no resource \(index + 1).", kind: .info)
            return []
        }
        return resource == list.resource ? [] : list.show(resource, context: context)
    }

    /// Over any other screen: pushes resource `index`'s list.
    static func pushResource(_ index: Int, context: inout ScreenContext) {
        guard let resource = resource(at: index, context: context) else {
            context.toast("The API has no resource \(index + 1).", kind: .info)
            return
        }
        context.push(ExplorerListScreen(resource: resource))
    }

    /// Pushes the resource picker.
    static func pickResource(context: inout ScreenContext) {
        guard let resources = context.services.explorer?.resources, !resources.isEmpty else {
            context.toast("The API lists no resources.", kind: .info)
            return
        }
        context.push(ExplorerPickerScreen(resources: resources))
    }
}
