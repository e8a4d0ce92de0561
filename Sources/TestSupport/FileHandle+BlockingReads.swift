import Foundation

extension FileHandle {
    /// The next bytes that arrive (at most 64 KiB), blocking until some do; empty at the end of
    /// the stream, or when the read fails. A read a signal interrupts is made again. Unlike
    /// Foundation's `availableData`, which stops the whole process on a failed read (EINTR
    /// included), a failure here is an end the test sees and reports. Call it from one thread at
    /// a time per handle.
    public func nextChunk() -> Data {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno != EINTR { return Data() }
        }
    }

    /// Everything until the end of the stream (or a failed read), blocking: `nextChunk()` until it
    /// is empty.
    public func readUntilEnd() -> Data {
        var data = Data()
        while true {
            let chunk = nextChunk()
            if chunk.isEmpty { return data }
            data.append(chunk)
        }
    }
}
