/// Many schedules run from consecutive seeds; the first failure shrunk and written out.
public struct SimulationReport: Sendable {
    public var schedules: Int
    public var failure: (schedule: Simulation.Schedule, message: String)?

    /// Runs `count` schedules from seed `first` on, stopping at the first failure, which it shrinks.
    public static func run(first: UInt64, count: Int, defects: Simulation.Defects = .none) -> SimulationReport {
        for offset in 0..<count {
            let schedule = Simulation.Schedule(seed: first &+ UInt64(offset))
            guard Simulation.run(schedule, defects: defects) != nil else { continue }
            let shrunk = Shrinking.shrink(schedule, defects: defects)
            return SimulationReport(schedules: offset + 1, failure: shrunk.map { ($0.schedule, $0.failure) })
        }
        return SimulationReport(schedules: count, failure: nil)
    }

    /// The failure as a person replays it: the seed, the clients and entities, each step, what failed.
    public var text: String {
        guard let (schedule, message) = failure else { return "\(schedules) schedules passed" }
        var lines = [
            "seed \(schedule.seed) failed: \(message)",
            "shrunk to \(schedule.steps.count) steps, \(schedule.clients) clients, \(schedule.entities) entities:",
        ]
        lines += schedule.steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        lines.append("replay: swift run WriteSimulationRunner --seed \(schedule.seed)")
        return lines.joined(separator: "\n")
    }
}
