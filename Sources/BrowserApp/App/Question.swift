/// A question the app asks for a screen (`ScreenContext.ask`): free text, such as the filter `/`
/// opens, or one letter of a few, such as y/n. A plain value.
package struct Question: Sendable, Hashable {
    /// One answer of a choice: its letter and what it means. A plain value.
    struct Choice: Sendable, Hashable {
        var letter: Character
        var label: String
    }

    /// How it is answered. A plain value.
    enum Kind: Sendable, Hashable {
        /// Free text, typed so far, of at most `limit` characters: Enter answers it.
        case text(String, limit: Int)
        /// One of the choices, by its letter (either case); any other key cancels it.
        case choice([Choice])
    }

    /// What is asked: the label before the text (`Filter by name: `), or the question.
    var prompt: String
    var kind: Kind

    /// The filter prompt, starting with `text`.
    static func filter(_ text: String) -> Question {
        Question(prompt: "Filter by name: ", kind: .text(text, limit: 60))
    }

    /// `prompt`, answered `y` or `n`.
    static func yesOrNo(_ prompt: String) -> Question {
        let choices = [Choice(letter: "y", label: "yes"), Choice(letter: "n", label: "no")]
        return Question(prompt: prompt, kind: .choice(choices))
    }
}

/// The question being asked, the screen that asked it and how its answer goes back. A plain value.
struct AskedQuestion: Sendable {
    var question: Question
    /// The screen that asked: the answer goes to it alone.
    let asker: ScreenAddress
    /// The asker's message for an answer (the text typed, or the letter chosen).
    let reply: @Sendable (String) -> any Sendable
}
