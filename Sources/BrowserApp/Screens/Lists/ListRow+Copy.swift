import RickAndMortyModel

extension ShowCharacter {
    /// The character, for `y` and `Y`.
    var copySubject: CopySubject? { CopySubject(self) }
}

extension Episode {
    /// The episode, for `y` and `Y`.
    var copySubject: CopySubject? { CopySubject(self) }
}

extension Location {
    /// The location, for `y` and `Y`.
    var copySubject: CopySubject? { CopySubject(self) }
}
