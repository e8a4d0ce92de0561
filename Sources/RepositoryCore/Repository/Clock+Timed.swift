extension Clock where Duration == Swift.Duration {
    /// What `body` returns and how long it took on this clock (as `measure`, keeping the value).
    public func timed<T>(_ body: () async -> T) async -> (value: T, elapsed: Duration) {
        let start = now
        let value = await body()
        return (value, start.duration(to: now))
    }
}
