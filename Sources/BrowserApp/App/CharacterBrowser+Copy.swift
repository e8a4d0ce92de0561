import TerminalUI

extension CharacterBrowser {
    /// Puts `copy` on the clipboard through the services, with a toast that says what and how much;
    /// a copy larger than terminals take is refused with a toast, never cut.
    func copy(_ copy: ClipboardCopy, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard ClipboardSequence.fits(copy.text) else {
            showToast(
                "Not copied: \(copy.label) is \(ByteText.short(copy.bytes)), more than a terminal's clipboard "
                    + "takes (\(ByteText.short(ClipboardSequence.maximumEncodedBytes)) once encoded)",
                kind: .warning, state: &state)
            return []
        }
        showToast(copy.toast, kind: .info, state: &state)
        let clipboard = services.clipboard
        return [.call { clipboard(copy) }]
    }
}
