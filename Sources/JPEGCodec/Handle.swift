import CTurboJPEG

/// A TurboJPEG handle owned by one call; the caller destroys it with `tjDestroy`.
struct Handle {
    let raw: tjhandle

    static func decompressor() throws(JPEGError) -> Handle {
        guard let raw = tjInitDecompress() else { throw .corrupt(reason: "TurboJPEG could not start") }
        return Handle(raw: raw)
    }

    static func compressor() throws(JPEGError) -> Handle {
        guard let raw = tjInitCompress() else { throw .encodingFailed(reason: "TurboJPEG could not start") }
        return Handle(raw: raw)
    }

    /// The handle's last error message.
    var errorText: String {
        guard let message = tjGetErrorStr2(raw) else { return "unknown error" }
        return String(cString: message)
    }
}
