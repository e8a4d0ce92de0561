extension SyntheticDataset {
    /// The location character `characterID` was last seen at.
    ///
    /// Characters are shuffled onto positions 0..<N, and the positions cut into `locationCount`
    /// runs of nearly equal length: a location's residents are the characters of its run.
    func lastSeenLocationID(of characterID: Int) -> Int {
        Self.bucket(of: residence(characterID - 1), count: characterCount, buckets: locationCount) + 1
    }

    /// The characters last seen at `locationID`, by id.
    func residentIDs(of locationID: Int) -> [Int] {
        Self.positions(inBucket: locationID - 1, count: characterCount, buckets: locationCount)
            .map { residence.inverse($0) + 1 }.sorted()
    }

    /// The episodes character `characterID` appears in, by id (never empty).
    ///
    /// Each appearance is one shuffle of the characters onto positions cut into `episodeCount`
    /// runs; a character takes part in its first `appearances(of:)` shuffles.
    func episodeIDs(of characterID: Int) -> [Int] {
        var ids: [Int] = []
        for layer in appearanceLayers.prefix(appearances(of: characterID)) {
            let id = Self.bucket(of: layer(characterID - 1), count: characterCount, buckets: episodeCount) + 1
            if !ids.contains(id) { ids.append(id) }
        }
        return ids.sorted()
    }

    /// The characters that appear in `episodeID`, by id: exactly those whose `episodeIDs(of:)` list it.
    func castIDs(of episodeID: Int) -> [Int] {
        let run = Self.positions(inBucket: episodeID - 1, count: characterCount, buckets: episodeCount)
        var ids: [Int] = []
        ids.reserveCapacity(run.count * appearanceLayers.count)
        for (index, layer) in appearanceLayers.enumerated() {
            for position in run {
                let id = layer.inverse(position) + 1
                if appearances(of: id) > index { ids.append(id) }
            }
        }
        ids.sort()
        var kept = 0  // a character whose shuffles put it here twice is listed once
        for id in ids where kept == 0 || ids[kept - 1] != id {
            ids[kept] = id
            kept += 1
        }
        ids.removeLast(ids.count - kept)
        return ids
    }

    /// How many of the shuffles character `characterID` takes part in: 1…`maximumAppearances`.
    func appearances(of characterID: Int) -> Int {
        1
            + Int(
                SyntheticHash.value(seed: seed, stream: .appearances, id: characterID)
                    % UInt64(Self.maximumAppearances))
    }

    /// The run (0..<buckets) that position `position` of `count` falls in.
    static func bucket(of position: Int, count: Int, buckets: Int) -> Int {
        position * buckets / count
    }

    /// The positions of run `bucket`: those `p` with `bucket(of: p) == bucket`.
    static func positions(inBucket bucket: Int, count: Int, buckets: Int) -> Range<Int> {
        guard count > 0, (0..<buckets).contains(bucket) else { return 0..<0 }
        func lower(_ run: Int) -> Int { (run * count + buckets - 1) / buckets }
        return lower(bucket)..<lower(bucket + 1)
    }
}
