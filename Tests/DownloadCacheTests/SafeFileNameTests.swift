import Foundation
import Testing

@testable import DownloadCache

@Suite("Stable, safe file names for cache keys")
struct SafeFileNameTests {
    @Test(
        "SHA-256 matches the FIPS 180-4 test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
            (
                String(repeating: "a", count: 1000),
                "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
            ),
        ])
    func sha256Vectors(message: String, expected: String) {
        // GIVEN a message WHEN hashed THEN the digest is the published one
        #expect(SHA256.hexDigest(Array(message.utf8)) == expected)
    }

    @Test("SHA-256 of binary input crossing block boundaries")
    func sha256Binary() {
        // GIVEN 768 bytes covering every byte value three times
        let bytes = (0..<3).flatMap { _ in (0...255).map { UInt8($0) } }
        // WHEN hashed THEN the digest matches a reference implementation
        #expect(SHA256.hexDigest(bytes) == "f3a25aa93aa2fbba28d79260535bbd6a5eb0fc1c24a8b0f04e12b484c1dfe363")
    }

    @Test("A name is a readable prefix and the key's hash, the same in every run")
    func readableAndStable() {
        // GIVEN plain and hostile keys WHEN mapped THEN the names are fixed strings
        #expect(
            SafeFileName.make(for: "abc")
                == "abc-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SafeFileName.make(for: "../../etc/passwd")
                == "______etc_passwd-3754d6cb3a38e1185e5b382d5f3ef3f118af75bf4bf0254d1fdb8437f51423e0")
        #expect(
            SafeFileName.make(for: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test(
        "Hostile keys give plain names inside the folder",
        arguments: [
            "..", ".", "../", "../../etc/passwd", "/abs", "a/../../b", "", "nul\u{0}byte", ".hidden",
            String(repeating: "k/", count: 5000), "日本語/キー", "a\\..\\b",
        ])
    func hostileKeys(key: String) throws {
        // GIVEN a hostile key WHEN mapped to a name
        let name = SafeFileName.make(for: key)
        // THEN the name is one plain path component
        #expect(!name.contains("/") && !name.contains("\u{0}") && !name.contains("\\"))
        #expect(!name.hasPrefix(".") && name != "." && name != "..")
        #expect(name.utf8.count <= 105)
        // AND it resolves to a file directly inside the folder
        let folder = URL(fileURLWithPath: "/tmp/cache-folder", isDirectory: true)
        let file = try #require(SafeFileName.file(for: key, in: folder))
        #expect(file.deletingLastPathComponent().path == "/tmp/cache-folder")
        #expect(file.lastPathComponent == name)
    }

    @Test("Keys that sanitise alike still get different names")
    func distinctKeysDistinctNames() {
        // GIVEN keys whose readable prefixes are equal
        let keys = [
            "a/b", "a_b", "a.b", "a b", "a\u{0}b", String(repeating: "x", count: 40) + "1",
            String(repeating: "x", count: 40) + "2",
        ]
        // WHEN mapped THEN every name differs
        #expect(Set(keys.map(SafeFileName.make)).count == keys.count)
    }
}
