/// A data source that tells, without suspending, whether what `immediateGet` answers may have
/// changed: `immediateVersion` moves on every write, removal or eviction of a value it can answer
/// that way and never on a read, so two equal versions mean every `immediateGet` in between
/// would have answered the same entries. Reading it is thread-safe and takes no lock.
@usableFromInline
package protocol ImmediateVersionedDataSource: CacheFastPaths {
    /// The current version (compare for equality only).
    var immediateVersion: UInt64 { get }
}

/// A reader of `source`'s version when it tells one, else nil.
@usableFromInline
func immediateVersionReader(of source: some GetDataSource) -> (@Sendable () -> UInt64)? {
    guard let versioned = source as? any ImmediateVersionedDataSource else { return nil }
    return { versioned.immediateVersion }
}
