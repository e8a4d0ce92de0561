import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file operation that failed, with a sentence saying which and why.
struct FileOperationError: Error, Sendable, Equatable {
    /// What failed, for the caller's own error case.
    let detail: String
}

/// File operations that keep data private and never leave half-written files behind:
/// directories are created 0700, files 0600, and replacements are atomic renames in one folder.
enum PrivateFiles {
    static let directoryPermissions: Int16 = 0o700
    static let filePermissions: mode_t = 0o600

    /// Creates `directory` (and missing parents) with mode 0700; an existing directory is left as it is.
    static func ensureDirectory(_ directory: URL) throws(FileOperationError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw FileOperationError(detail: "\(directory.path) exists and is not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: NSNumber(value: directoryPermissions)])
        } catch {
            throw FileOperationError(detail: "cannot create \(directory.path): \(error)")
        }
    }

    /// Creates a new, empty file with mode 0600 (replacing any file there) and opens it for writing.
    static func createEmptyFile(at file: URL) -> Result<FileHandle, FileOperationError> {
        unlink(file.path)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, filePermissions)
        guard descriptor >= 0 else {
            return .failure(FileOperationError(detail: "cannot create \(file.path): \(errorText())"))
        }
        return .success(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    /// Writes `data` to a 0600 temporary file next to `destination`, then renames it over `destination`.
    static func writeAtomically(_ data: Data, to destination: URL, temporaryName: String)
        throws(FileOperationError)
    {
        let temporary = destination.deletingLastPathComponent().appendingPathComponent(temporaryName)
        do {
            let file = try createEmptyFile(at: temporary).get()
            try file.write(contentsOf: data)
            try file.close()
        } catch let error as FileOperationError {
            throw error
        } catch {
            remove(temporary)
            throw FileOperationError(detail: "cannot write \(temporary.path): \(error)")
        }
        try moveReplacing(temporary, to: destination)
    }

    /// Copies `source` to a 0600 temporary file next to `destination`, then renames it over `destination`.
    static func copyAtomically(from source: URL, to destination: URL, temporaryName: String)
        throws(FileOperationError)
    {
        let temporary = destination.deletingLastPathComponent().appendingPathComponent(temporaryName)
        do {
            let input = try FileHandle(forReadingFrom: source)
            defer { try? input.close() }  // Read-only handle: closing cannot lose data.
            let output = try createEmptyFile(at: temporary).get()
            while let chunk = try input.read(upToCount: 1 << 16), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
            try output.close()
        } catch {
            remove(temporary)
            throw FileOperationError(detail: "cannot copy \(source.path): \(error)")
        }
        try moveReplacing(temporary, to: destination)
    }

    /// Renames `source` over `destination` atomically (both in one file system).
    static func moveReplacing(_ source: URL, to destination: URL) throws(FileOperationError) {
        guard rename(source.path, destination.path) == 0 else {
            let reason = errorText()
            remove(source)
            throw FileOperationError(detail: "cannot move \(source.path) to \(destination.path): \(reason)")
        }
    }

    /// Renames `source` over `destination` when both are on one file system; false (and nothing
    /// changed) when they are not, so the caller copies instead.
    static func moveIfSameFileSystem(_ source: URL, to destination: URL) -> Bool {
        guard rename(source.path, destination.path) == 0 else { return false }
        chmod(destination.path, filePermissions)
        return true
    }

    /// Gives `source`'s bytes a second name, `name` (a hard link: no bytes copied); false when the
    /// file system refuses, or `name` exists.
    static func hardLink(_ source: URL, to name: URL) -> Bool {
        link(source.path, name.path) == 0
    }

    /// Removes `file` if it exists; a missing file is not an error.
    static func remove(_ file: URL) {
        unlink(file.path)
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
