import ExplorerData
import ExplorerModel
import Foundation
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
            guard let area = pictureArea(of: layout) else { return (nil, inside) }
            // Beside the picture (one column of gap), or below it when it is above.
            if area.y == inside.y && area.x > inside.x {
                return (area, Rect(x: inside.x, y: inside.y, width: area.x - 1 - inside.x, height: inside.height))
            }
            return (area, inside.inset(top: area.height))
        }
    }

    /// Where a picture goes: the right part of the pane when it is wide (one column of gap, at
    /// most 40 columns), else the top third; nil when there is no room.
    static func pictureArea(of layout: BrowserLayout) -> Rect? {
        let inside = layout.mainInterior.inset(left: 1, right: 1)
        if inside.width >= 64 {
            let width = min(40, inside.width / 3)
            return Rect(x: inside.maxX - width, y: inside.y, width: width, height: min(inside.height, width / 2 + 1))
        }
        let height = min(inside.height / 3, inside.width / 2 + 1)
        guard height >= 3 else { return nil }
        return Rect(x: inside.x, y: inside.y, width: inside.width, height: height)
    }
}

/// The picture an explored entity has, as its resource's profile names it (`image`: Rick and
/// Morty's characters' `image`, PokeAPI's `sprites.front_default`): a URL to load, or a one-line
/// note when it is plainly not a picture the detail draws (only JPEG is decoded). Worked out once
/// per entity value. A plain value.
enum ExplorerImageSource: Sendable, Hashable {
    /// Load the picture at this URL.
    case url(String)
    /// Show this line instead (no read).
    case note(String)

    /// The picture of `entity`, listed in `resource` when known (else the resource whose collection
    /// holds it), as `session`'s profile names it; nil when the profile names no image field or the
    /// entity has no text there.
    init?(of entity: ExplorerEntity, resource: ExplorerResource?, session: ExplorerSession?) {
        guard let session, let profile = session.profile else { return nil }
        let parent = entity.address.parent
        let named = resource ?? session.resources.first { EntityAddress($0.collection) == parent }
        guard let name = named?.name, let field = profile.resource(name)?.image,
            case .string(let text)? = field.values(in: .object(entity.object)).first,
            !text.isEmpty
        else { return nil }
        // Only JPEG is decoded: a file's suffix naming another kind says so at once.
        let kinds = ["png": "PNG", "gif": "GIF", "svg": "SVG", "webp": "WebP", "bmp": "BMP", "avif": "AVIF"]
        if let suffix = URL(string: text)?.pathExtension.lowercased(), let kind = kinds[suffix] {
            self = .note("No image: \(field) is a \(kind) picture; only JPEG is drawn.")
        } else {
            self = .url(text)
        }
    }
}
