import CTurboJPEG

/// Decodes JPEG bytes with TurboJPEG, checking the byte count and the declared size first and
/// scaling inside the DCT (1/2, 1/4, 1/8) to the smallest size still covering the wanted one.
///
/// Stateless: every call creates and frees its own TurboJPEG handle, so it is safe from any thread.
public enum JPEGDecoder {
    /// The width and height the header of `bytes` declares, after the byte-count check.
    public static func dimensions(of bytes: [UInt8], limits: JPEGLimits = JPEGLimits()) throws(JPEGError) -> (
        width: Int, height: Int
    ) {
        try checkBytes(bytes, limits: limits)
        let handle = try Handle.decompressor()
        defer { tjDestroy(handle.raw) }
        return try header(of: bytes, handle: handle, limits: limits)
    }

    /// Decodes `bytes` into RGB, scaled down by the largest DCT factor that keeps the image at
    /// least `minimumWidth` × `minimumHeight` (the full size when it is smaller already).
    public static func decode(
        _ bytes: [UInt8], minimumWidth: Int = .max, minimumHeight: Int = .max,
        limits: JPEGLimits = JPEGLimits()
    ) throws(JPEGError) -> RGBPixels {
        try checkBytes(bytes, limits: limits)
        let handle = try Handle.decompressor()
        defer { tjDestroy(handle.raw) }
        let (width, height) = try header(of: bytes, handle: handle, limits: limits)
        let (scaledWidth, scaledHeight) = scaledSize(
            width: width, height: height, minimumWidth: minimumWidth, minimumHeight: minimumHeight)
        var output = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 3)
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { pixels in
                tjDecompress2(
                    handle.raw, input.baseAddress, UInt(input.count), pixels.baseAddress, Int32(scaledWidth),
                    Int32(scaledWidth * 3), Int32(scaledHeight), Int32(TJPF_RGB.rawValue),
                    TJFLAG_STOPONWARNING | TJFLAG_FASTDCT)
            }
        }
        guard status == 0 else { throw .corrupt(reason: handle.errorText) }
        guard let image = RGBPixels(width: scaledWidth, height: scaledHeight, bytes: output) else {
            throw .corrupt(reason: "no pixels")
        }
        return image
    }

    /// The size after the smallest TurboJPEG scaling (of 1/8, 1/4, 1/2, 1) that still covers the minimum.
    static func scaledSize(width: Int, height: Int, minimumWidth: Int, minimumHeight: Int) -> (Int, Int) {
        for denominator in [8, 4, 2] {
            let scaledWidth = (width + denominator - 1) / denominator
            let scaledHeight = (height + denominator - 1) / denominator
            if scaledWidth >= minimumWidth && scaledHeight >= minimumHeight {
                return (scaledWidth, scaledHeight)
            }
        }
        return (width, height)
    }

    private static func checkBytes(_ bytes: [UInt8], limits: JPEGLimits) throws(JPEGError) {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= limits.maximumBytes else {
            throw .tooManyBytes(count: bytes.count, limit: limits.maximumBytes)
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF else { throw .notJPEG }
    }

    private static func header(of bytes: [UInt8], handle: Handle, limits: JPEGLimits) throws(JPEGError) -> (
        width: Int, height: Int
    ) {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { input in
            tjDecompressHeader3(
                handle.raw, input.baseAddress, UInt(input.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else { throw .corrupt(reason: handle.errorText) }
        guard width > 0, height > 0 else { throw .corrupt(reason: "no dimensions") }
        guard Int(width) * Int(height) <= limits.maximumPixels else {
            throw .tooManyPixels(width: Int(width), height: Int(height), limit: limits.maximumPixels)
        }
        return (Int(width), Int(height))
    }
}
