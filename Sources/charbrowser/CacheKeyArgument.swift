import ArgumentParser
import CharacterData
import RepositoryCore

/// A `KEY` argument of `cache show` / `cache evict`: `kind/key` as `ls` prints it
/// (`character/id:1`, `character-page-ids/page:3?status=alive`, within an API `sample|character/id:1`;
/// with `--api`, or when one API caches it, without it), or `kind/N` for an entity's id.
enum CacheKeyArgument {
    static let entityKinds: Set<String> = ["character", "episode", "location"]

    static let help = ArgumentHelp(
        "The entry, as `ls` prints it (sample|character/id:1), or without its API when one API caches it "
        + "(character/1, character-page-ids/page:1; --api names one).")

    /// The key `text` names; nil when it is not of the form `kind/key`.
    static func parse(_ text: String) -> CacheEntryKey? {
        guard var key = CacheEntryKey(text: text) else { return nil }
        if entityKinds.contains(APIIdentity.split(namespace: key.kind).kind), !key.key.contains(":") {
            key.key = "id:" + key.key
        }
        return key
    }
}
