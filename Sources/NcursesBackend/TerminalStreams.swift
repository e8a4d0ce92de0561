import CNcurses
import Foundation

/// The C streams ncurses reads and writes for a `TerminalDevice`: the process's own `stdin` and
/// `stdout` for the standard device, else streams on duplicates of the given descriptors, which
/// `close` closes (the caller's descriptors stay open). A plain value, used once at start-up.
struct TerminalStreams {
    let input: UnsafeMutablePointer<FILE>
    let output: UnsafeMutablePointer<FILE>
    /// The descriptors behind the streams.
    let device: NcursesBackend.TerminalDevice
    /// The streams opened here (none for the standard device).
    let opened: [UnsafeMutablePointer<FILE>]

    init(device: NcursesBackend.TerminalDevice) throws(NcursesBackendError) {
        if device == NcursesBackend.TerminalDevice.standard {
            input = cn_stdin()
            output = cn_stdout()
            self.device = device
            opened = []
            return
        }
        let input = try Self.open(device.input, mode: "r")
        let output: UnsafeMutablePointer<FILE>
        do {
            output = try Self.open(device.output, mode: "w")
        } catch {
            fclose(input)
            throw error
        }
        self.input = input
        self.output = output
        self.device = NcursesBackend.TerminalDevice(input: fileno(input), output: fileno(output))
        opened = [input, output]
    }

    /// Closes the streams opened here.
    func close() {
        for stream in opened { fclose(stream) }
    }

    /// A stream on a close-on-exec duplicate of `descriptor`.
    private static func open(_ descriptor: Int32, mode: String) throws(NcursesBackendError)
        -> UnsafeMutablePointer<FILE>
    {
        let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { throw .deviceFailed(code: errno) }
        guard let stream = fdopen(duplicate, mode) else {
            let code = errno
            Foundation.close(duplicate)
            throw .deviceFailed(code: code)
        }
        return stream
    }
}
