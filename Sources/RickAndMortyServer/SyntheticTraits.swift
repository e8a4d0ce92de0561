import RickAndMortyModel

/// The drawn parts of one synthetic character, as indexes into `SyntheticNames`' word lists and the
/// model's cases: what filters look at, computed without building the record. A plain value.
struct SyntheticTraits: Sendable, Hashable {
    static let statuses = CharacterStatus.allCases
    static let genders = CharacterGender.allCases
    /// The sub-types with `""` first: about half the characters have none, as in the API.
    static let types = [""] + SyntheticNames.types

    let firstName: Int
    let lastName: Int
    let status: Int
    let species: Int
    let type: Int
    let gender: Int
    /// The origin's location id, or 0 for an unknown origin.
    let origin: Int

    /// The traits of character `id` in `dataset`.
    init(of id: Int, in dataset: SyntheticDataset) {
        var generator = SyntheticHash.generator(seed: dataset.seed, stream: .characterTraits, id: id)
        func draw(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        firstName = draw(SyntheticNames.first.count)
        lastName = draw(SyntheticNames.last.count)
        status = draw(Self.statuses.count)
        species = draw(SyntheticNames.species.count)
        // Half have no sub-type; the other half one of the list.
        type = draw(2) == 0 ? 0 : 1 + draw(SyntheticNames.types.count)
        gender = draw(Self.genders.count)
        origin = draw(dataset.locationCount + 1)
    }

    /// The name, `First Last`.
    static func name(first: Int, last: Int) -> String {
        "\(SyntheticNames.first[first]) \(SyntheticNames.last[last])"
    }
}
