@testable import BrowserApp
import Foundation
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("Copying to the clipboard")
struct CopyTests {
    /// A character whose strings carry what a hostile server could send.
    static let hostile = ShowCharacter(
        id: 666, name: "Evil\u{1B}[2J\u{1B}]0;pwned\u{07} Morty\u{202E}txt.exe\u{200B}", status: .alive,
        species: "Human\r\nrm -rf ~\u{2066}", gender: .male,
        origin: PlaceReference(name: "\u{9B}31mEarth", url: ""),
        location: PlaceReference(name: "Citadel\u{FEFF}", url: ""), image: "",
        episode: ["https://example.test/api/episode/1\u{1B}P+q\u{1B}\\"],
        url: "https://example.test/api/character/666\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}",
        created: "2017-11-04T18:48:46.250Z")

    /// Whether `text` holds a control (but the JSON's newlines), a bidi or a zero-width character.
    static func hasUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && UntrustedText.sanitize(String(scalar)) != String(scalar)
        }
    }

    @Test(
        "Hostile text reaches the clipboard as the screen shows it: no control, bidi or zero-width character")
    func hostileText() throws {
        let subject = try #require(CopySubject(Self.hostile))
        let json = ClipboardCopy(subject, format: .json)
        #expect(!Self.hasUnsafe(json.text))
        #expect(json.text.contains("\"name\" : \"Evil Mortytxt.exe\""))
        #expect(json.text.contains("\"species\" : \"Human  rm -rf ~\""))
        #expect(json.text.contains("\"name\" : \"Earth\""))
        #expect(
            !json.text.contains("\u{1B}") && !json.text.contains("\\u001b") && !json.text.contains("\\u001B"))
        // Pretty-printed: one member a line
        #expect(json.text.split(separator: "\n").count > 10)
        let url = ClipboardCopy(subject, format: .url)
        #expect(url.text == "https://example.test/api/character/666")
        #expect(url.label == "character 666")
    }

    @Test("A copy larger than a terminal takes is refused with a toast, not cut; one that fits is made")
    func tooLarge() throws {
        var driver = Driver()
        let browser = driver.browser
        let large = ClipboardCopy(Self.subject(url: String(repeating: "a", count: 60_000)), format: .url)
        #expect(browser.copy(large, state: &driver.state).isEmpty)
        #expect(driver.state.toast?.message.hasPrefix("Not copied: character 1 is 60 KB") == true)
        let small = ClipboardCopy(Self.subject(url: String(repeating: "a", count: 2_100)), format: .url)
        #expect(browser.copy(small, state: &driver.state).count == 1)
        #expect(driver.state.toast?.message == "copied character 1 · 2.1 KB")
    }

    /// A subject labelled `character 1` whose URL is `url`.
    static func subject(url: String) -> CopySubject {
        CopySubject(label: "character 1", json: "{\"url\":\"\(url)\"}")
    }
}
