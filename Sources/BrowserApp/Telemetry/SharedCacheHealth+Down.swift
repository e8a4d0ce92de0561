import PostgresCache

extension SharedCacheHealth {
    /// Whether the shared tier is down (reads fall through to the network).
    var isDown: Bool {
        if case .down = self { true } else { false }
    }
}
