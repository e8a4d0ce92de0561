/// Numbers as short text with a fixed number of decimals, rounded half away from zero: what the
/// status pane and captions print every frame, without going through `String(format:)`. Pure.
enum DecimalText {
    /// `value` with one decimal: `0.4`, `12.0`.
    static func tenths(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// `value` rounded to a whole number: `12`.
    static func whole(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        return String(Int(value.rounded()))
    }
}
