import JPEGCodec
import Testing

@Suite("JPEG codec")
struct JPEGCodecTests {
    /// A 300×300 image: red on the left half, blue on the right.
    static func halves() throws -> RGBPixels {
        var bytes: [UInt8] = []
        for _ in 0..<300 {
            for x in 0..<300 { bytes += x < 150 ? [230, 20, 20] : [20, 20, 230] }
        }
        return try #require(RGBPixels(width: 300, height: 300, bytes: bytes))
    }

    @Test func roundTripKeepsSizeAndColours() throws {
        let jpeg = try JPEGEncoder.encode(try Self.halves())
        #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8])
        let decoded = try JPEGDecoder.decode(jpeg)
        #expect(decoded.width == 300 && decoded.height == 300)
        let left = Array(decoded.bytes[(150 * 300 + 20) * 3..<(150 * 300 + 20) * 3 + 3])
        let right = Array(decoded.bytes[(150 * 300 + 280) * 3..<(150 * 300 + 280) * 3 + 3])
        #expect(left[0] > 180 && left[2] < 80)
        #expect(right[2] > 180 && right[0] < 80)
    }

    @Test func scalesInsideTheDCTToTheSmallestCoveringSize() throws {
        let jpeg = try JPEGEncoder.encode(try Self.halves())
        let quarter = try JPEGDecoder.decode(jpeg, minimumWidth: 40, minimumHeight: 40)
        #expect(quarter.width == 75 && quarter.height == 75)  // 1/4; 1/8 (38) would be too small
        let eighth = try JPEGDecoder.decode(jpeg, minimumWidth: 30, minimumHeight: 30)
        #expect(eighth.width == 38 && eighth.height == 38)
    }

    @Test func rejectsAnHTMLPageWithoutDecoding() {
        #expect(throws: JPEGError.notJPEG) {
            try JPEGDecoder.decode(Array("<html><body>Oops</body></html>".utf8))
        }
    }

    @Test func rejectsEmptyInput() {
        #expect(throws: JPEGError.empty) { try JPEGDecoder.decode([]) }
    }

    @Test func rejectsTooManyBytesBeforeReadingThem() throws {
        let jpeg = try JPEGEncoder.encode(try Self.halves())
        #expect(throws: JPEGError.tooManyBytes(count: jpeg.count, limit: 100)) {
            try JPEGDecoder.decode(jpeg, limits: JPEGLimits(maximumBytes: 100))
        }
    }

    @Test func rejectsAHugeDeclaredSizeBeforeDecoding() throws {
        var jpeg = try JPEGEncoder.encode(try Self.halves())
        // Rewrite the frame header (SOF0: FF C0, length, precision, height, width) to 60000×60000.
        let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        for offset in [5, 7] { jpeg[sof + offset] = 0xEA }
        for offset in [6, 8] { jpeg[sof + offset] = 0x60 }
        #expect(throws: JPEGError.tooManyPixels(width: 60000, height: 60000, limit: 4096 * 4096)) {
            try JPEGDecoder.decode(jpeg)
        }
    }

    @Test func aTruncatedJPEGIsCorrupt() throws {
        let jpeg = try JPEGEncoder.encode(try Self.halves())
        let cut = Array(jpeg.prefix(jpeg.count / 2))
        #expect {
            try JPEGDecoder.decode(cut)
        } throws: { error in
            if case JPEGError.corrupt = error { return true }
            return false
        }
    }
}
