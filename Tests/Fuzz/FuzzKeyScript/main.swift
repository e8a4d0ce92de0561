import FuzzSupport
import TerminalUI

// The key-script parser: any text parses to events or to a `KeyScriptError` naming a token of
// the script, never a crash; parsing is deterministic; the steps (waits included) carry the
// same events, or the same error.

FuzzTarget.run { bytes in
    let script = String(decoding: bytes, as: UTF8.self)
    let first = Result { () throws(KeyScriptError) in try KeyScript.parse(script) }
    let second = Result { () throws(KeyScriptError) in try KeyScript.parse(script) }
    invariant(first == second, "two parses of one script differ")
    let steps = Result { () throws(KeyScriptError) in try KeyScript.steps(script) }
    invariant(steps.map { $0.compactMap(\.event) } == first, "steps and parse disagree")
    if case .failure(let error) = first {
        let tokens = script.split(whereSeparator: \.isWhitespace)
        invariant(
            error.position >= 1 && error.position <= tokens.count,
            "error position \(error.position) out of range")
        invariant(String(tokens[error.position - 1]) == error.token, "error names another token")
    }
}
