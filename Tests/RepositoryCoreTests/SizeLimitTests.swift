import RepositoryCore
import Testing

@Suite("Size limits")
struct SizeLimitTests {
    @Test("A limit admits its own count and refuses one more")
    func boundary() {
        let limit = SizeLimit.kibibytes(64)
        #expect(limit.bytes == 65_536)
        #expect(limit.admits(65_536))
        #expect(!limit.admits(65_537))
        #expect(limit.admits(Int64(65_536)))
        #expect(!limit.admits(Int64(400) << 20))
    }

    @Test(
        "A limit reads as GiB, MiB, KiB or bytes, whichever is whole",
        arguments: [
            (SizeLimit.mebibytes(1_024), "1 GiB"), (.mebibytes(1_536), "1536 MiB"), (.mebibytes(16), "16 MiB"), (.kibibytes(64), "64 KiB"), (.kibibytes(1_536), "1536 KiB"),
            (SizeLimit(bytes: 1_000), "1000 bytes"), (SizeLimit(bytes: 1), "1 byte"),
        ])
    func description(limit: SizeLimit, text: String) {
        #expect(limit.description == text)
    }

    @Test("A count below 1 is raised to 1, and an overflowing one to Int.max")
    func clamped() {
        #expect(SizeLimit(bytes: 0).bytes == 1)
        #expect(SizeLimit(bytes: -5).bytes == 1)
        #expect(SizeLimit.mebibytes(Int.max / 2).bytes == Int.max)
    }
}
