import ArgumentParser
import Foundation
import Logging

/// Parses the command line, runs the chosen subcommand and maps failures to exit codes:
/// 2 for bad usage (unknown flag, bad value), 1 for a failure while running, 0 otherwise.
@main
enum EntryPoint {
    /// The exit code for bad usage (ArgumentParser's own would be 64).
    static let usageExitCode: Int32 = 2

    static func main() async {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        do {
            var command = try CharBrowserCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as ValidationFailure {
            try? FileHandle.standardError.write(contentsOf: Data("charbrowser: \(failure)\n".utf8))
            exit(usageExitCode)
        } catch {
            if CharBrowserCommand.exitCode(for: error) == .validationFailure {
                try? FileHandle.standardError.write(
                    contentsOf: Data((CharBrowserCommand.fullMessage(for: error) + "\n").utf8))
                exit(usageExitCode)
            }
            CharBrowserCommand.exit(withError: error)
        }
    }
}
