import AsyncHTTPExchange
import Foundation
import HTTPExchange

#if canImport(Glibc)
    import Glibc
#endif

// A child process that refuses one answer over the 16 MiB limit and reports its memory:
// `AnswerRefusalProbe asynchttp <API root>` reads `<root>/small` once (the transport
// built and warmed), resets the resident high-water mark (`/proc/self/clear_refs`), reads
// VmRSS (the baseline), reads `<root>/character?page=1` (a 400 MiB answer) and prints
// `baseline_kib=… peak_kib=… refused_ms=… outcome=…` with VmHWM as the peak.

/// A field of `/proc/self/status` in KiB, or -1.
func status(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "") ?? -1
    }
    return -1
}

/// Reads `url` through `AsyncHTTPExchange`, refusing a body over 16 MiB; what happened, in a word.
func read(_ url: URL) async -> String {
    let request = HTTPExchangeRequest(method: "GET", url: url, timeout: .total(.seconds(120)))
    do {
        let answer = try await AsyncHTTPExchange.shared.exchange(request, limit: 16 << 20)
        return "answered-\(answer.body.count)"
    } catch .tooLarge {
        return "refused"
    } catch {
        return "failed(\(error))"
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "asynchttp", let root = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: AnswerRefusalProbe asynchttp <API root>\n".utf8))
    exit(2)
}
let warm = await read(root.appendingPathComponent("small"))
guard warm.hasPrefix("answered") else {
    FileHandle.standardError.write(Data("the warm-up read failed: \(warm)\n".utf8))
    exit(1)
}
/// Resets VmHWM to the resident size now (Linux ≥ 4.0).
func resetHighWaterMark() {
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    guard descriptor >= 0 else { return }
    _ = write(descriptor, "5", 1)
    close(descriptor)
}

resetHighWaterMark()
let baseline = status("VmRSS")
let clock = ContinuousClock()
let start = clock.now
var page = URLComponents(url: root.appendingPathComponent("character"), resolvingAgainstBaseURL: false)
page?.queryItems = [URLQueryItem(name: "page", value: "1")]
let outcome = await read(page?.url ?? root)
let elapsed = start.duration(to: clock.now)
let peak = status("VmHWM")
let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
print(
    "baseline_kib=\(baseline) peak_kib=\(peak) refused_ms=\(Int(milliseconds.rounded())) outcome=\(outcome)")
exit(outcome == "refused" ? 0 : 1)
