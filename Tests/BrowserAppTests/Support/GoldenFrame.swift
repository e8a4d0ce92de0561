import Foundation
import Testing

/// Compares a frame with its golden file under `Golden/`, row by row.
///
/// Set `CHARBROWSER_RECORD_GOLDEN=1` to (re)write the golden files from the current frames
/// instead of comparing: `CHARBROWSER_RECORD_GOLDEN=1 swift test --filter BrowserAppTests.GoldenFrameTests`,
/// then review the diff of `Tests/BrowserAppTests/Golden/` before committing.
enum GoldenFrame {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["CHARBROWSER_RECORD_GOLDEN"] == "1" }

    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)  // …/Tests/BrowserAppTests/Support/GoldenFrame.swift
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden", isDirectory: true).appendingPathComponent("\(name).txt")
    }

    /// Checks `frame` against the golden file `name` (or records it).
    static func check(
        _ frame: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let file = url(name)
        let text = frame.joined(separator: "\n") + "\n"
        if isRecording {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let stored = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record(
                "no golden frame \(name).txt; record it with CHARBROWSER_RECORD_GOLDEN=1",
                sourceLocation: sourceLocation)
            return
        }
        var expected = stored.components(separatedBy: "\n")
        if expected.last == "" { expected.removeLast() }
        #expect(frame.count == expected.count, "\(name): row count", sourceLocation: sourceLocation)
        for (row, (actual, wanted)) in zip(frame, expected).enumerated() where actual != wanted {
            Issue.record(
                "\(name) row \(row):\n  actual: \(actual)\n  golden: \(wanted)",
                sourceLocation: sourceLocation)
        }
    }
}

import TerminalUI

extension GoldenFrame {
    /// The colours of every cell that has one, row by row (`y: x=fg/bg …`), so a golden frame
    /// holds the colours its text cannot show: `#rrggbb` for 24-bit, `p123` for palette entries.
    static func colourRows(_ buffer: CellBuffer) -> [String] {
        var rows = ["-- colours --"]
        for y in 0..<buffer.height {
            var cells: [String] = []
            for x in 0..<buffer.width {
                guard let cell = buffer[x, y] else { continue }
                let foreground = name(cell.style.foreground)
                let background = name(cell.style.background)
                guard foreground != nil || background != nil else { continue }
                cells.append("\(x)=\(foreground ?? "-")/\(background ?? "-")")
            }
            if !cells.isEmpty { rows.append("\(y): " + cells.joined(separator: " ")) }
        }
        return rows
    }

    private static func name(_ color: TerminalColor) -> String? {
        switch color {
        case .rgb(let red, let green, let blue):
            "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        case .palette(let index): "p\(index)"
        default: nil  // the basic colours of the rest of the screen are covered by the other goldens
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
