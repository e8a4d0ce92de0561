import ExplorerData
import ExplorerModel
import Foundation

/// The picture an explored entity has, as its resource's profile names it (`image`: Rick and
/// Morty's characters' `image`, PokeAPI's `sprites.front_default`): a URL to load, or a one-line
/// note when it is plainly not a picture the detail draws (only JPEG is decoded). Worked out once
/// per entity value. Stateless.
enum ExplorerImage {
    /// What the detail shows of an entity's picture.
    enum Source: Sendable, Hashable {
        /// Load the picture at this URL.
        case url(String)
        /// Show this line instead (no read).
        case note(String)
    }

    /// The picture of `entity`, listed in `resource` when known (else the resource whose collection
    /// holds it), as `session`'s profile names it; nil when the profile names no image field or the
    /// entity has no text there.
    static func source(of entity: ExplorerEntity, resource: ExplorerResource?, session: ExplorerSession?) -> Source? {
        guard let session, let profile = session.profile else { return nil }
        let parent = entity.address.parent
        let named = resource ?? session.resources.first { EntityAddress($0.collection) == parent }
        guard let name = named?.name, let field = profile.resource(name)?.image,
            case .string(let text)? = field.values(in: .object(entity.object)).first,
            !text.isEmpty
        else { return nil }
        if let kind = notJPEG(text) {
            return .note("No image: \(field) is a \(kind) picture; only JPEG is drawn.")
        }
        return .url(text)
    }

    /// The kind of picture `url` names by its file's suffix when it is not JPEG (`PNG`), nil when
    /// it is JPEG or says nothing.
    static func notJPEG(_ url: String) -> String? {
        guard let suffix = URL(string: url)?.pathExtension.lowercased(), !suffix.isEmpty else { return nil }
        let kinds = ["png": "PNG", "gif": "GIF", "svg": "SVG", "webp": "WebP", "bmp": "BMP", "avif": "AVIF"]
        return kinds[suffix]
    }
}
