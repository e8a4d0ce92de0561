import Foundation

/// A file found in a `FileSystemCacheProvider`, with what one `stat` of it said. A plain value.
public struct CachedFile: Sendable, Hashable {
    /// Where a file lives on its file system: a device and an inode number. A new download of a
    /// key is renamed into place, so it has a new identity even when its path and size are the same.
    public struct Identity: Sendable, Hashable {
        /// The device that holds the file.
        public var device: UInt64
        /// The file's inode number on that device.
        public var inode: UInt64

        /// Creates an identity.
        public init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// The file.
    public var url: URL
    /// Its size in bytes when it was found.
    public var byteCount: Int
    /// Its identity when it was found.
    public var identity: Identity

    /// Creates a value.
    public init(url: URL, byteCount: Int, identity: Identity) {
        self.url = url
        self.byteCount = byteCount
        self.identity = identity
    }
}
