import Foundation
import TerminalUI

/// Puts text on the terminal's clipboard with OSC 52 (`ClipboardSequence`), written straight to
/// the terminal's output descriptor. A plain value; call it on the thread that draws (between
/// frames, as an app's `Effect.call` runs), so the sequence never lands inside a frame.
public struct TerminalClipboard: Sendable, Hashable {
    /// Where the sequence is written.
    let output: Int32
    /// Whether to wrap it in tmux's passthrough.
    let throughTmux: Bool

    /// Writes the sequence that sets the clipboard to `text`; false when terminals would not take
    /// it whole (nothing is written) or the write failed.
    @discardableResult
    public func copy(_ text: String) -> Bool {
        guard ClipboardSequence.fits(text) else { return false }
        let bytes = ClipboardSequence.bytes(for: text, throughTmux: throughTmux)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
