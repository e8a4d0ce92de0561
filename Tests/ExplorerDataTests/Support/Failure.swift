import ExplorerData

/// The error `body` throws, or nil when it gives a value.
func failure<Value>(_ body: () async throws(ExplorerError) -> Value) async -> ExplorerError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
