import Foundation

/// `EntryMetadata`'s `staleUse` and `noStore` in nine bytes: the windows as whole seconds (as
/// `StaleUse.directives` writes them: at most `CacheControl.maximumSeconds`, 2³¹) and five flags.
/// A plain value.
@usableFromInline
struct PackedProducerRules: Sendable, Hashable {
    @usableFromInline var whileRevalidating: UInt32
    @usableFromInline var ifError: UInt32
    @usableFromInline var flags: UInt8

    @usableFromInline static let hasStaleUse: UInt8 = 1
    @usableFromInline static let hasWhileRevalidating: UInt8 = 2
    @usableFromInline static let hasIfError: UInt8 = 4
    @usableFromInline static let mustRevalidate: UInt8 = 8
    @usableFromInline static let noStore: UInt8 = 16

    @inlinable
    init(staleUse: StaleUse?, noStore: Bool) {
        whileRevalidating = 0
        ifError = 0
        flags = noStore ? Self.noStore : 0
        self.staleUse = staleUse
    }

    @inlinable
    var noStore: Bool {
        get { flags & Self.noStore != 0 }
        set { flags = newValue ? flags | Self.noStore : flags & ~Self.noStore }
    }

    @usableFromInline
    var staleUse: StaleUse? {
        get {
            guard flags & Self.hasStaleUse != 0 else { return nil }
            return StaleUse(
                whileRevalidating: flags & Self.hasWhileRevalidating != 0 ? TimeInterval(whileRevalidating) : nil,
                ifError: flags & Self.hasIfError != 0 ? TimeInterval(ifError) : nil,
                mustRevalidate: flags & Self.mustRevalidate != 0)
        }
        set {
            flags &= Self.noStore
            whileRevalidating = 0
            ifError = 0
            guard let newValue else { return }
            flags |= Self.hasStaleUse
            if let seconds = newValue.whileRevalidating {
                flags |= Self.hasWhileRevalidating
                whileRevalidating = UInt32(StaleUse.wholeSeconds(seconds))
            }
            if let seconds = newValue.ifError {
                flags |= Self.hasIfError
                ifError = UInt32(StaleUse.wholeSeconds(seconds))
            }
            if newValue.mustRevalidate { flags |= Self.mustRevalidate }
        }
    }

}
