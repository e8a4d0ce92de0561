/// Makes a failing schedule as short as it can while it still fails: halves, quarters, … down to
/// single steps removed, greedily, until no removal keeps the failure (or `budget` runs are spent).
public enum Shrinking {
    /// The shortest schedule found that still fails, with its failure.
    public static func shrink(
        _ schedule: Simulation.Schedule, defects: Simulation.Defects, budget: Int = 3_000
    ) -> (schedule: Simulation.Schedule, failure: String)? {
        guard var failure = Simulation.run(schedule, defects: defects) else { return nil }
        var steps = schedule.steps
        var runs = 0
        var chunk = max(1, steps.count / 2)
        while chunk >= 1, runs < budget {
            var start = 0
            var removedAny = false
            while start < steps.count, runs < budget {
                var candidate = steps
                candidate.removeSubrange(start..<min(steps.count, start + chunk))
                runs += 1
                if let found = Simulation.run(schedule.with(steps: candidate), defects: defects) {
                    steps = candidate
                    failure = found
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return (schedule.with(steps: steps), failure)
    }
}
