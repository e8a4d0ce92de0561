@testable import BrowserApp
import TerminalUI
import Testing

/// `n` keeps the selected link in view when fields above it wrap (a long URL beside the avatar
/// takes several lines), not only when every field is one line.
@Suite("n and p scroll a wrapped detail to the selected link")
struct LinkScrollTests {
    @Test(
        "Beside or under the avatar, every episode link n selects is on screen",
        arguments: [(60, 16), (100, 16), (130, 18), (150, 16)])
    func wrappedFieldsKeepTheLinkInView(width: Int, height: Int) throws {
        var driver = AvatarBrowserTests.opened(size: TerminalSize(width: width, height: height))
        AvatarBrowserTests.loaded(&driver)
        let count = try #require(driver.state.detail?.episodeTitles.count)
        #expect(count > 6)
        for step in 0..<count + 2 {
            driver.press("n")
            let detail = try #require(driver.state.detail)
            guard let link = detail.selectedLink, let title = detail.titles[link.address] else { continue }
            let frame = driver.frame.joined(separator: "\n")
            // The row is the code, then the name in the value column (a long one wraps under it).
            let name = title.split(separator: " ", maxSplits: 1).last.map(String.init) ?? title
            #expect(frame.contains(name.prefix(20)), "link \(step), \(title), out of view:\n\(frame)")
        }
    }
}
