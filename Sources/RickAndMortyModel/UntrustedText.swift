/// Cleans text that came from the network before it reaches layout or a terminal.
///
/// Removes escape sequences (CSI, OSC, DCS, SOS, PM, APC and two-byte escapes), C0/C1 controls
/// and DEL, bidi overrides and isolates, zero-width characters (the whole U+2060–U+206F block of
/// invisible and deprecated format characters), variation selectors and skin-tone modifiers;
/// keeps the first emoji of a ZWJ sequence; maps tab, CR and LF to a space.
/// A pure function: thread-safe.
public enum UntrustedText {
    /// Returns `text` with everything unsafe for a terminal removed.
    public static func sanitize(_ text: String) -> String {
        // Printable ASCII (nearly every value the API sends) has nothing to remove.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var scalars = text.unicodeScalars.makeIterator()
        var output = String.UnicodeScalarView()
        var pending: Unicode.Scalar? = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar.value {
            case 0x1B:  // ESC: drop the whole sequence
                pending = skipEscapeSequence(after: pending, rest: &scalars)
            case 0x9B:  // C1 CSI
                pending = skipControlSequence(from: pending, rest: &scalars)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:  // C1 DCS, SOS, OSC, PM, APC
                pending = skipString(from: pending, rest: &scalars)
            case 0x09, 0x0A, 0x0D:
                output.append(" ")
            case 0x200D:  // ZWJ: keep the first emoji, drop the joined one
                pending = pending.flatMap { _ in scalars.next() }
            case _ where isDropped(scalar):
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Controls, bidi formatting, zero-width characters, variation selectors and skin tones.
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B, 0x200C, 0x200E, 0x200F, 0x2060...0x2065, 0x206A...0x206F, 0xFEFF, 0x061C, 0x180E: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: true
        case 0x1F3FB...0x1F3FF: true
        default: false
        }
    }

    /// Skips what follows an ESC; returns the first scalar after the sequence.
    static func skipEscapeSequence(
        after next: Unicode.Scalar?, rest: inout String.UnicodeScalarView.Iterator
    ) -> Unicode.Scalar? {
        guard let next else { return nil }
        switch next {
        case "[": return skipControlSequence(from: rest.next(), rest: &rest)
        case "]", "P", "X", "^", "_": return skipString(from: rest.next(), rest: &rest)
        default:
            // Two-byte escapes, with optional intermediate bytes (0x20–0x2F) before the final byte.
            var current: Unicode.Scalar? = next
            while let scalar = current, (0x20...0x2F).contains(scalar.value) { current = rest.next() }
            return rest.next()
        }
    }

    /// Skips CSI parameters and intermediates up to and including the final byte (0x40–0x7E).
    static func skipControlSequence(
        from first: Unicode.Scalar?, rest: inout String.UnicodeScalarView.Iterator
    ) -> Unicode.Scalar? {
        var current = first
        while let scalar = current {
            if (0x40...0x7E).contains(scalar.value) { return rest.next() }
            if !(0x20...0x3F).contains(scalar.value) { return scalar }  // malformed: stop here
            current = rest.next()
        }
        return nil
    }

    /// Skips an OSC/DCS-style string up to BEL, ST (ESC \) or C1 ST.
    static func skipString(
        from first: Unicode.Scalar?, rest: inout String.UnicodeScalarView.Iterator
    ) -> Unicode.Scalar? {
        var current = first
        while let scalar = current {
            switch scalar.value {
            case 0x07, 0x9C: return rest.next()
            case 0x1B:
                let after = rest.next()
                return after == "\\" ? rest.next() : after
            default: current = rest.next()
            }
        }
        return nil
    }
}
