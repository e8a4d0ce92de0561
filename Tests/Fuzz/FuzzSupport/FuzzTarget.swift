import Foundation

/// Runs one fuzz target's check: under libFuzzer (built with `-DFUZZING`) as the fuzzer's
/// callback, otherwise over every file of the target's `corpus` and `regressions` folders (or
/// the files and folders given as arguments). A finding is a crash of the check (a trap, a
/// failed precondition or a sanitizer report). Call `run` once, from the target's `main.swift`.
public enum FuzzTarget {
    /// Replays or fuzzes `check`; never returns. `sourceFile` locates the target's folders.
    public static func run(
        _ check: @escaping @Sendable ([UInt8]) -> Void, sourceFile: String = #filePath
    ) -> Never {
        Registered.check = check
        #if FUZZING
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runLibFuzzer(&argc, &argv, fuzzOneInput))
        #else
            let folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
            let arguments = CommandLine.arguments.dropFirst()
            let roots =
                arguments.isEmpty
                ? [folder.appendingPathComponent("corpus"), folder.appendingPathComponent("regressions")]
                : arguments.map { URL(fileURLWithPath: $0) }
            let files = roots.flatMap(inputFiles)
            for file in files {
                guard let data = FileManager.default.contents(atPath: file.path) else {
                    FileHandle.standardError.write(Data("cannot read \(file.path)\n".utf8))
                    exit(1)
                }
                check([UInt8](data))
            }
            print("\(folder.lastPathComponent): \(files.count) inputs replayed, no finding")
            exit(0)
        #endif
    }

    /// The regular files at `root` (itself, or the files directly inside it), sorted.
    static func inputFiles(_ root: URL) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [root] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { root.appendingPathComponent($0) }
    }
}

/// The check `FuzzTarget.run` registered; set once before the fuzzer or the replay starts.
enum Registered {
    nonisolated(unsafe) static var check: @Sendable ([UInt8]) -> Void = { _ in }
}

#if FUZZING
    /// libFuzzer's driver, for programs that keep their own `main`.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runLibFuzzer(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The callback handed to the driver: one input through the registered check.
    func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        Registered.check(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }

    /// libFuzzer's own `main` (linked but never run: the target's `main` wins) needs this symbol.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func llvmFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        fuzzOneInput(data, size)
    }
#endif
