import BrowserApp
import Foundation
import TerminalUI

/// Runs the browser on the in-memory backend with a key script and prints its frames as text.
struct HeadlessRun {
    let command: BrowseCommand
    let session: BrowserSession

    func run() async throws {
        let size = try TerminalSize.parse(command.size)
        let script = try KeyScript.parse(command.keys ?? Self.readStandardInput())
        let backend = HeadlessBackend(size: size, script: script, recordsEveryFrame: command.frames)
        let browser = CharacterBrowser(services: session.services)
        let final = try await browser.run(on: backend)
        await session.remember(final)
        var output = ""
        if command.frames {
            for (index, frame) in backend.frames.enumerated() {
                output += "--- frame \(index + 1) ---\n" + frame.joined(separator: "\n") + "\n"
            }
        } else {
            output = backend.lastFrame.joined(separator: "\n") + "\n"
        }
        // A reader that went away (`| head`) is not an error of the browser's.
        try? FileHandle.standardOutput.write(contentsOf: Data(output.utf8))
    }

    /// The key script from standard input (empty when nothing is piped in).
    static func readStandardInput() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}
