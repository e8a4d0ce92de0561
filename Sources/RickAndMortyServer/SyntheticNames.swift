import Foundation
import RickAndMortyModel

/// Word lists, formats and record builders for synthetic data. Pure functions: thread-safe.
enum SyntheticNames {
    static let base = Dataset.publicBaseURL

    static func location(id: Int, base: String = SyntheticNames.base) -> Location {
        Location(
            id: id, name: locationName(id: id), type: pick(placeTypes, id),
            dimension: pick(dimensions, id),
            residents: [], url: "\(base)/location/\(id)", created: timestamp(offset: id * 61))
    }

    static func locationName(id: Int) -> String { "\(pick(places, id)) \(id)" }

    static func episode(id: Int, base: String = SyntheticNames.base) -> Episode {
        Episode(
            id: id, name: episodeName(id: id), airDate: airDate(index: id), code: episodeCode(id: id),
            characters: [],
            url: "\(base)/episode/\(id)", created: timestamp(offset: id * 89))
    }

    static func episodeName(id: Int) -> String { "\(pick(titles, id)) \(id)" }

    static func episodeCode(id: Int) -> String {
        "S" + twoDigits((id - 1) / 10 + 1) + "E" + twoDigits((id - 1) % 10 + 1)
    }

    static func pick(_ words: [String], _ id: Int) -> String { words[(id - 1) % words.count] }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    static let first = [
        "Zorp", "Glip", "Blorb", "Quindle", "Farnak", "Meep", "Trundle", "Vexa", "Squib", "Olo", "Pim",
        "Drax",
    ]
    static let last = [
        "Flurbo", "Gazoo", "Schmeckle", "Plumbus", "Krootz", "Blamph", "Wubba", "Gleeb", "Nork", "Tazz",
    ]
    static let species = [
        "Human", "Alien", "Humanoid", "Robot", "Cronenberg", "Animal", "Mythological Creature",
    ]
    static let types = ["Parasite", "Clone", "Cyborg", "Hivemind", "Gear-Person", "Bird-Person"]
    static let places = ["Planet", "Outpost", "Station", "Microverse", "Dream"]
    static let placeTypes = ["Planet", "Space station", "Microverse", "Dream", "Resort"]
    static let dimensions = ["Dimension C-137", "Replacement Dimension", "unknown", "Cronenberg Dimension"]
    static let titles = ["Generated Adventure", "Synthetic Caper", "Procedural Mixup", "Seeded Heist"]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `2017-11-04T18:48:00.000Z` plus `offset` (≥ 0) seconds, with milliseconds, like the API.
    /// Written by hand: a page of generated records formats twenty of them.
    static func timestamp(offset: Int) -> String {
        let seconds = 1_509_821_280 + offset
        let (year, month, day) = civilDate(daysSince1970: seconds / 86_400)
        let time = seconds % 86_400
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))T\(twoDigits(time / 3_600)):"
            + "\(twoDigits(time / 60 % 60)):\(twoDigits(time % 60)).000Z"
    }

    /// The proleptic Gregorian date `days` (≥ 0) days after 1970-01-01.
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 is March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `January 8, 2018` and on, one week apart.
    static func airDate(index: Int) -> String {
        let day = (index - 1) % 28 + 1
        let month = ((index - 1) / 28) % 12
        let year = 2018 + (index - 1) / (28 * 12)
        return "\(months[month]) \(day), \(year)"
    }
}
