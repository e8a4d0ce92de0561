/// Why a JPEG could not be read or written: closed, `Sendable`, one readable sentence per case.
public enum JPEGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input has no bytes.
    case empty
    /// The input has more bytes than the limits allow.
    case tooManyBytes(count: Int, limit: Int)
    /// The input does not start like a JPEG (an HTML page, say).
    case notJPEG
    /// The header declares more pixels than the limits allow.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The header was readable but the image data is cut short or damaged.
    case corrupt(reason: String)
    /// Encoding failed.
    case encodingFailed(reason: String)

    public var description: String {
        switch self {
        case .empty: "The image is empty."
        case .tooManyBytes(let count, let limit):
            "The image has \(count) bytes, more than the \(limit) allowed."
        case .notJPEG: "The image is not a JPEG."
        case .tooManyPixels(let width, let height, let limit):
            "The image is \(width)×\(height), more than the \(limit) pixels allowed."
        case .corrupt(let reason): "The JPEG is damaged or cut short (\(reason))."
        case .encodingFailed(let reason): "The JPEG could not be encoded (\(reason))."
        }
    }
}
