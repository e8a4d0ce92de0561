import Foundation

/// A host name that fails to resolve at once, on any machine: its first label is 64 characters,
/// one over DNS's limit, so the system's resolver refuses it before sending any query.
///
/// A plain `.invalid` name is sent to the machine's DNS server; where that server does not answer,
/// each lookup waits out the resolver's retries (seconds), and the HTTP client's lookups queue
/// behind it, so unrelated tests connecting to loopback stall too. Each call gives a new name.
public enum UnresolvableHost {
    /// A new name of the form `<64 characters>.invalid`.
    public static func name(_ prefix: String = "host") -> String {
        let unique = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let label = (prefix + "-" + unique).padding(toLength: 64, withPad: "x", startingAt: 0)
        return label + ".invalid"
    }
}
