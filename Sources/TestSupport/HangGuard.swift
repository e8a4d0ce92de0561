import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that could hang (a lock, a flight, a connection that never
    /// answers): it fails the test instead of holding up the run for good. Not a speed check. The
    /// suite starts its tests at once, so each may be in flight for the whole run: about two
    /// minutes on two cores, three on one, more under AddressSanitizer. Ten minutes is well above
    /// all of them and still ends a hung run.
    public static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
