import ExplorerData
import TerminalUI

extension ExplorerDetailScreen {
    /// The task key of the picture's load; a newer load replaces an older one.
    var imageTaskKey: String { "explorer-image \(entityTaskKey)" }

    /// Starts loading the picture `imageSource` names (navigation, or a revalidating refresh), when
    /// images are on; a note is shown as it is.
    mutating func loadImage(refresh: Bool, services: BrowserServices) -> [Effect<Message>] {
        guard let loader = services.avatars, let source = imageSource else {
            image = nil
            return []
        }
        switch source {
        case .note(let note):
            image = .failed(note)
            return []
        case .url(let url):
            image = .loading(received: 0, expected: nil)
            return [
                AvatarLoad.effect(
                    key: imageTaskKey, loader: loader, url: url, refresh: refresh,
                    progress: { .imageProgress(received: $0, expected: $1) },
                    loaded: { .imageLoaded(refresh: refresh, $0) })
            ]
        }
    }

    /// Stops a load in flight, leaving no picture (loaded again when the detail is on top again).
    mutating func cancelImage() -> [Effect<Message>] {
        guard case .loading = image else { return [] }
        image = nil
        return [.cancel(key: imageTaskKey)]
    }

    /// Applies the picture's progress or its outcome (recorded like every answer).
    mutating func applyImage(_ message: Message, context: inout ScreenContext) {
        switch message {
        case .imageProgress(let received, let expected):
            guard case .loading = image else { return }
            image = .loading(received: received, expected: expected)
        case .imageLoaded(let refresh, let outcome):
            guard case .loading = image, let shown = AvatarLoad.state(of: outcome) else { return }
            image = shown
            let path = entity?.address.path ?? ""
            context.record(AvatarLoad.event(query: "image \(path)", refresh: refresh, outcome))
        case .entity, .title:
            return
        }
    }

    /// Where the picture goes and what is left for the lines in `layout`: a picture beside the lines
    /// (above them when the pane is narrow) where the pane has room, as a character's avatar; a note
    /// on one line above them; the whole pane without either.
    static func areas(of layout: BrowserLayout, image: AvatarState?) -> (image: Rect?, lines: Rect) {
        let inside = layout.mainInterior.inset(left: 1)
        switch image {
        case nil:
            return (nil, inside)
        case .failed?:
            guard inside.height > 2 else { return (nil, inside) }
            return (Rect(x: inside.x, y: inside.y, width: inside.width, height: 1), inside.inset(top: 1))
        case .loading?, .shown?:
            guard let area = DetailGeometry.avatarArea(of: layout) else { return (nil, inside) }
            return (area, DetailGeometry.content(inside, besideAvatar: area))
        }
    }
}
