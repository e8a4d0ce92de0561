import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// A codec whose decoded values have their URLs moved by a `PortRebase` (none: as stored), so a
/// copy an earlier run of the embedded server cached on its port reads as this run's. Encodes as
/// `inner` does. Stateless; thread-safe.
struct PortRebasedCodec<Inner: PayloadCodec>: PayloadCodec where Inner.Value: PortRebasable {
    let inner: Inner
    let rebase: PortRebase?

    func encode(_ value: Inner.Value) throws(RepositoryError) -> Data { try inner.encode(value) }

    func decode(_ data: Data) throws(RepositoryError) -> Inner.Value { moved(try inner.decode(data)) }

    func decode(bytes: UnsafeRawBufferPointer) throws(RepositoryError) -> Inner.Value {
        moved(try inner.decode(bytes: bytes))
    }

    private func moved(_ value: Inner.Value) -> Inner.Value { rebase.map { value.rebased($0) } ?? value }
}

extension CharacterRepositoryConfiguration {
    /// `codec`, its values read through this configuration's `portRebase`.
    func rebased<Codec: PayloadCodec>(_ codec: Codec) -> PortRebasedCodec<Codec> {
        PortRebasedCodec(inner: codec, rebase: portRebase)
    }
}
