import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// A codec whose decoded values have their URLs moved by a `PortRebase`, so a copy an earlier run
/// of the embedded server cached on its port reads as this run's (episodes and locations, stored as
/// JSON; the binary character codecs move their own). Encodes as `inner` does. A value; thread-safe.
struct PortRebasedCodec<Inner: PayloadCodec>: PayloadCodec where Inner.Value: PortRebasable {
    let inner: Inner
    let rebase: PortRebase

    func encode(_ value: Inner.Value) throws(RepositoryError) -> Data { try inner.encode(value) }

    func decode(_ data: Data) throws(RepositoryError) -> Inner.Value { moved(try inner.decode(data)) }

    func decode(bytes: UnsafeRawBufferPointer) throws(RepositoryError) -> Inner.Value {
        moved(try inner.decode(bytes: bytes))
    }

    private func moved(_ value: Inner.Value) -> Inner.Value { value.rebased(rebase) }
}

extension CharacterRepositoryConfiguration {
    /// `codec`, its values read through this configuration's `portRebase`; `codec` itself without
    /// one (no wrapper on the disk-hit path).
    func rebased<Codec: PayloadCodec>(_ codec: Codec) -> any PayloadCodec<Codec.Value>
    where Codec.Value: PortRebasable {
        guard let portRebase else { return codec }
        return PortRebasedCodec(inner: codec, rebase: portRebase)
    }
}
