import Foundation
@testable import RickAndMortyServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The state file is replaced whole: written to a temporary file in its folder, fsynced, renamed
/// over the old one, the folder fsynced. A failed save throws and leaves the old file as it was.
@Suite("Writes: the state file is saved whole or not at all")
struct WriteStoreSaveTests {
    /// A fresh folder, its state file, and a store kept in it.
    struct Fixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)")
        var file: URL { folder.appendingPathComponent("state.json") }

        func store() throws -> WriteStore { try WriteStore(file: file) }

        func remove() {
            _ = chmod(folder.path, 0o700)
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Deletes character `id` through a commit, as a write does.
    static func delete(_ id: Int, in store: WriteStore) throws(StateFileError) {
        _ = try store.commit { writes -> (Void, changed: Bool) in
            writes.deleted.insert(id)
            return ((), true)
        } publish: { _ in }
    }

    @Test("After a save the file is complete and readable, 0600, and no temporary file is left")
    func completeAfterSave() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        let store = try fixture.store()
        for id in 1...3 { try Self.delete(id, in: store) }
        #expect(try WriteStore(file: fixture.file).current == store.current)
        #expect(store.current.deleted == [1, 2, 3])
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path) == ["state.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("A save that cannot make its temporary file throws; the old file and the writes are as they were")
    func temporaryFileBlocked() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        let store = try fixture.store()
        try Self.delete(1, in: store)
        let before = try Data(contentsOf: fixture.file)
        // A folder where the temporary file goes: opening it for writing fails (even as root).
        try FileManager.default.createDirectory(
            at: StateFile.temporaryFile(for: fixture.file), withIntermediateDirectories: false)
        #expect(throws: StateFileError.self) { try Self.delete(2, in: store) }
        #expect(try Data(contentsOf: fixture.file) == before)
        #expect(store.current.deleted == [1])
        #expect(try WriteStore(file: fixture.file).current.deleted == [1])
    }

    @Test("A save whose folder was replaced by a file throws; the writes are as they were")
    func folderReplacedByFile() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        let moved = fixture.folder.appendingPathExtension("moved")
        defer { try? FileManager.default.removeItem(at: moved) }
        let store = try fixture.store()
        try Self.delete(1, in: store)
        let before = try Data(contentsOf: fixture.file)
        try FileManager.default.moveItem(at: fixture.folder, to: moved)
        try Data("not a folder".utf8).write(to: fixture.folder)
        #expect(throws: StateFileError.self) { try Self.delete(2, in: store) }
        #expect(store.current.deleted == [1])
        #expect(try Data(contentsOf: moved.appendingPathComponent("state.json")) == before)
        #expect(try Data(contentsOf: fixture.folder) == Data("not a folder".utf8))
    }

    @Test("A save into a read-only folder throws; the old file is intact", .enabled(if: getuid() != 0, "root writes anyway"))
    func readOnlyFolder() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        let store = try fixture.store()
        try Self.delete(1, in: store)
        let before = try Data(contentsOf: fixture.file)
        #expect(chmod(fixture.folder.path, 0o500) == 0)
        #expect(throws: StateFileError.self) { try Self.delete(2, in: store) }
        #expect(try Data(contentsOf: fixture.file) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path) == ["state.json"])
        #expect(store.current.deleted == [1])
    }
}
