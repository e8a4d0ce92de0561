import PostgresCache
import Testing

@Suite("Parsing --shared-cache URLs")
struct LocationTests {
    @Test("A full URL is read part by part; the password never shows in the description")
    func fullURL() throws {
        let location = try PostgresCacheLocation(parsing: "postgres://alice:secret@db.example:6543/cache")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.username == "alice")
        #expect(location.password == "secret")
        #expect(location.database == "cache")
        #expect(location.description == "postgres://alice@db.example:6543/cache")
        #expect(try PostgresCacheLocation(parsing: "postgresql://bob@127.0.0.1/x").port == 5432)
    }

    @Test(
        "Bad values are errors that say what is wrong",
        arguments: [
            ("http://a@b:1/c", "scheme"), ("postgres://b:1/c", "no user"),
            ("postgres://a@b:1/", "no database"),
            ("postgres://a@:1/c", "no host"), ("not a url", "PostgreSQL URL"),
            ("postgres://a@b:1/c?ssl=1", "only ssl=true"), ("postgres://a@b:1/c?foo=1", "the options after ?"),
            ("postgres://a@b:1/c#x", "# part"),
        ])
    func badValues(text: String, problem: String) {
        do {
            _ = try PostgresCacheLocation(parsing: text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.description.contains(problem), "\(error.description)")
        }
    }

    @Test("An error never repeats the password")
    func redacted() {
        do {
            _ = try PostgresCacheLocation(parsing: "mysql://u:hunter2@h:1/d")
            Issue.record("accepted")
        } catch {
            #expect(!error.description.contains("hunter2"))
        }
    }
}
