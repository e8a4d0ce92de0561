#if canImport(Glibc)
    import CMallocInfo
#endif

/// The C heap as glibc's allocator reports it (`mallinfo2()`, every arena), in bytes; a value.
///
/// `inUse` is what the program holds; `arenas` and `freeHeld` show what the allocator keeps after
/// frees (resident until it is given back), which the resident memory counts and the program no
/// longer uses.
struct HeapUsage: Sendable, Equatable, Codable {
    /// Bytes in blocks the program holds: the arenas' blocks in use plus blocks mapped on their own
    /// (`uordblks + hblkhd`).
    var inUse: Int
    /// Bytes the arenas took from the system, used or free (`arena`).
    var arenas: Int
    /// Bytes free inside the arenas, kept by the allocator for later allocations (`fordblks`).
    var freeHeld: Int
    /// Bytes in blocks mapped on their own, large allocations (`hblkhd`).
    var mapped: Int

    /// The figures now; nil where the C library has no `mallinfo2` (not glibc).
    static func current() -> HeapUsage? {
        #if canImport(Glibc)
            let info = mallinfo2()
            return HeapUsage(
                inUse: Int(info.uordblks + info.hblkhd), arenas: Int(info.arena),
                freeHeld: Int(info.fordblks),
                mapped: Int(info.hblkhd))
        #else
            return nil
        #endif
    }
}
