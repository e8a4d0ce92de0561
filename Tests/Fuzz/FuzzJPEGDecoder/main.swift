import FuzzSupport
import JPEGCodec

// The JPEG decoder's own checks before libjpeg-turbo sees the bytes, and the limits after its
// header read. The first byte picks the wanted size and tightens the limits, the rest is the
// image. Checked from `JPEGDecoder`'s and `JPEGLimits`' contracts:
// - no bytes is `.empty`; more bytes than the limit is `.tooManyBytes`; bytes not starting
//   FF D8 FF are `.notJPEG` — all three without a header read;
// - a header declaring more pixels than the limit is `.tooManyPixels`, never a decode;
// - `dimensions` and `decode` agree: a decoded image is never larger than the declared size,
//   covers the wanted size when the declared one does, and holds width × height × 3 bytes.

FuzzTarget.run { input in
    guard let selector = input.first else { return }
    let bytes = Array(input.dropFirst())
    // Small limits keep each run fast; the selector moves them so both sides of each are reached.
    let limits = JPEGLimits(
        maximumBytes: selector & 1 == 0 ? 4_096 : 64, maximumPixels: selector & 2 == 0 ? 64 * 64 : 8 * 8)
    let wanted = Int(selector >> 2) % 48 + 1

    let declared: Result<(width: Int, height: Int), JPEGError> = Result { () throws(JPEGError) in
        try JPEGDecoder.dimensions(of: bytes, limits: limits)
    }
    let decoded = Result { () throws(JPEGError) in
        try JPEGDecoder.decode(bytes, minimumWidth: wanted, minimumHeight: wanted, limits: limits)
    }

    let looksLikeJPEG = bytes.count >= 4 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    let expectedEarly: JPEGError? =
        bytes.isEmpty
        ? .empty
        : bytes.count > limits.maximumBytes
            ? .tooManyBytes(count: bytes.count, limit: limits.maximumBytes) : looksLikeJPEG ? nil : .notJPEG
    if let expectedEarly {
        invariant(
            { if case .failure(let error) = declared { error == expectedEarly } else { false } }(),
            "dimensions of \(bytes.count) bytes: not \(expectedEarly)")
        invariant(
            { if case .failure(let error) = decoded { error == expectedEarly } else { false } }(),
            "decode of \(bytes.count) bytes: not \(expectedEarly)")
        return
    }

    switch (declared, decoded) {
    case (.success(let size), .success(let image)):
        invariant(size.width * size.height <= limits.maximumPixels, "a size over the limit was accepted")
        invariant(image.width <= size.width && image.height <= size.height, "decoded larger than declared")
        invariant(image.width >= 1 && image.height >= 1, "an empty image decoded")
        if size.width >= wanted && size.height >= wanted {
            invariant(image.width >= wanted && image.height >= wanted, "decoded smaller than wanted")
        }
        invariant(image.bytes.count == image.width * image.height * 3, "pixel bytes do not match the size")
    case (.success, .failure(let error)):
        // A readable header over damaged data: only the data can be the problem.
        guard case .corrupt = error else {
            invariant(false, "a readable header within the limits failed with \(error)")
            return
        }
    case (.failure(let error), .success):
        invariant(false, "decode succeeded where the header read failed with \(error)")
    case (.failure(let first), .failure(let second)):
        invariant(first == second, "dimensions and decode fail differently: \(first), \(second)")
        if case .tooManyPixels(let width, let height, let limit) = first {
            invariant(width * height > limit, "tooManyPixels within the limit")
        }
    }
}
