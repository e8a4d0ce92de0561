import Foundation

/// Rewrites JSON text for the mirror's address: every string that starts with a reference of the
/// mirrored API gets the address in place of its origin (`https://swapi.dev/api/people/1/` →
/// `http://127.0.0.1:8080/api/people/1/`; `/api/v2/type/12/` → `http://127.0.0.1:8080/api/v2/type/12/`),
/// and the whitespace between tokens is dropped (compact, as the APIs answer). The text must be
/// valid JSON. A value, thread-safe.
struct ReferenceRewriter: Sendable {
    /// A string starting with `match` loses its first `drop` bytes to the address.
    struct Rule: Sendable, Hashable {
        var match: [UInt8]
        var drop: Int
    }

    let rules: [Rule]
    let address: [UInt8]

    /// `text` rewritten and compacted.
    func rewrite(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        text.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var index = 0
            while index < bytes.count {
                let byte = base[index]
                index += 1
                guard byte == JSONScan.quote else {
                    if !JSONScan.isSpace(byte) { output.append(byte) }
                    continue
                }
                output.append(byte)
                if let rule = rules.first(where: { Self.starts(bytes, at: index, with: $0.match) }) {
                    output.append(contentsOf: address)
                    index += rule.drop
                }
                let end = Self.endOfString(base, from: index, count: bytes.count)
                output.append(contentsOf: UnsafeBufferPointer(start: base + index, count: end - index))
                index = end
            }
        }
        return output
    }

    /// The index just past the closing quote of the string whose text starts at `start` (found
    /// with `memchr`, a quote after an odd run of backslashes skipped); `count` if there is none.
    private static func endOfString(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while index < count {
            guard let found = memchr(base + index, Int32(JSONScan.quote), count - index) else { return count }
            let quote = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            var backslashes = 0
            while quote - backslashes - 1 >= start, base[quote - backslashes - 1] == JSONScan.backslash {
                backslashes += 1
            }
            if backslashes.isMultiple(of: 2) { return quote + 1 }
            index = quote + 1
        }
        return count
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: [UInt8]) -> Bool {
        guard bytes.count - index >= prefix.count else { return false }
        for offset in prefix.indices where bytes[index + offset] != prefix[offset] { return false }
        return true
    }
}
