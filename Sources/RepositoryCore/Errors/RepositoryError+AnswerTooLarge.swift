extension RepositoryError {
    /// The main source's answer was refused for its size: `.mainUnavailable` whose reason says so
    /// first — `Answer too large: over 16 MiB from example.com` — and whose `description` is that
    /// reason alone, so the first words a narrow screen keeps are what happened.
    public static func answerTooLarge(limit: SizeLimit, from source: String) -> RepositoryError {
        .mainUnavailable(reason: "\(answerTooLargePrefix)\(limit) from \(source)")
    }

    /// How the reason of `answerTooLarge(limit:from:)` begins.
    static let answerTooLargePrefix = "Answer too large: over "

    /// True for a reason made by `answerTooLarge(limit:from:)`.
    static func isAnswerTooLarge(_ reason: String) -> Bool { reason.hasPrefix(answerTooLargePrefix) }
}
