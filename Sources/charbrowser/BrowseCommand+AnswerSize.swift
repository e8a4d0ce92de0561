import RepositoryCore

extension BrowseCommand {
    /// The answers `--max-answer-size` may allow: from 1 KiB (less than any page of the API) to 1 GiB.
    static let answerSizeRange = SizeLimit.kibibytes(1)...SizeLimit.mebibytes(1_024)

    /// `--max-answer-size` read, or why it cannot be (checked by `validate()`).
    var answerSizeLimit: Result<SizeLimit, ValidationFailure> {
        ByteSizeText.limit(maxAnswerSize, flag: "--max-answer-size", within: Self.answerSizeRange)
    }

    /// The largest API answer, and stored payload, this run accepts (the default when unreadable,
    /// which `validate()` has already refused).
    var maximumAnswerSize: SizeLimit {
        (try? answerSizeLimit.get()) ?? SizeLimit.mebibytes(16)
    }
}
