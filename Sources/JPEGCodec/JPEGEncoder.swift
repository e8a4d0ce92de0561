import CTurboJPEG

/// Encodes RGB pixels as a baseline JPEG (4:2:0) with TurboJPEG.
///
/// Stateless: every call creates and frees its own handle, so it is safe from any thread.
public enum JPEGEncoder {
    /// The JPEG bytes of `image` at `quality` (1…100).
    public static func encode(_ image: RGBPixels, quality: Int = 85) throws(JPEGError) -> [UInt8] {
        let handle = try Handle.compressor()
        defer { tjDestroy(handle.raw) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.bytes.withUnsafeBufferPointer { pixels in
            tjCompress2(
                handle.raw, pixels.baseAddress, Int32(image.width), Int32(image.width * 3),
                Int32(image.height),
                Int32(TJPF_RGB.rawValue), &output, &size, Int32(TJSAMP_420.rawValue),
                Int32(min(100, max(1, quality))), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw .encodingFailed(reason: handle.errorText) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
