import Foundation
@_spi(Simulation) import EntityWrites
import Testing
@_spi(Simulation) import WriteSimulation

/// The write book against simulated schedules: thousands pass every check, and each defect that
/// writes have had, switched on, is caught and shrunk.
@Suite("Write simulation")
struct WriteSimulationTests {
    /// `SIM_SEED` (first seed) and `SIM_SCHEDULES` (how many) from the environment.
    static var seed: UInt64 { ProcessInfo.processInfo.environment["SIM_SEED"].flatMap(UInt64.init) ?? 1 }
    static var schedules: Int { ProcessInfo.processInfo.environment["SIM_SCHEDULES"].flatMap(Int.init) ?? 10_000 }

    @Test("Every schedule keeps every update, applies each write once, ends it told and converges")
    func schedulesPass() async {
        let count = Self.schedules
        let first = Self.seed
        let half = count / 2
        async let low = Task.detached { SimulationReport.run(first: first, count: half) }.value
        async let high = Task.detached { SimulationReport.run(first: first &+ UInt64(half), count: count - half) }.value
        let reports = await [low, high]
        for report in reports where report.failure != nil {
            Issue.record(Comment(rawValue: report.text))
        }
        #expect(reports.map(\.schedules).reduce(0, +) == count)
    }

    static let defects: [(String, Simulation.Defects)] = [
        ("the base taken at send time", Simulation.Defects(engine: .baseTakenAtSendTime)),
        ("keep-mine sending every field", Simulation.Defects(engine: .keepMineSendsEveryField)),
        ("a replay taken as current", Simulation.Defects(engine: .replayTakenAsCurrent)),
        ("a key reused for another body", Simulation.Defects(engine: .keyReusedForAnotherBody)),
        ("order per entity ignored", Simulation.Defects(engine: .orderPerEntityIgnored)),
        ("a rejection not published", Simulation.Defects(engine: .rejectionNotPublished)),
        ("the server's check outside its reservation", Simulation.Defects(serverChecksOutsideReservation: true)),
    ]

    @Test("Each defect switched on is found, and its schedule shrunk", arguments: 0..<7)
    func defectIsFound(index: Int) {
        let (name, defects) = Self.defects[index]
        let report = SimulationReport.run(first: 1, count: 20_000, defects: defects)
        guard let (shrunk, message) = report.failure else {
            Issue.record("\(name): no schedule of 20,000 failed")
            return
        }
        let original = Simulation.Schedule(seed: shrunk.seed)
        #expect(shrunk.steps.count <= original.steps.count, "\(name)")
        #expect(Simulation.run(shrunk, defects: defects) == message, "\(name): the shrunk schedule fails the same way")
        #expect(Simulation.run(shrunk) == nil, "\(name): without the defect the shrunk schedule passes: \(report.text)")
    }
}
