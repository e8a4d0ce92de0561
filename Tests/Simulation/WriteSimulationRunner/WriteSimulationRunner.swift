import ArgumentParser
@_spi(Simulation) import EntityWrites
import Foundation
@_spi(Simulation) import WriteSimulation

/// Runs write schedules outside the test suite: one seed replayed (and shrunk when it fails), or
/// many, on every core, with an optional defect switched on to see the checks catch it.
@main
struct WriteSimulationRunner: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run simulated write schedules against the write book and check every one.")

    @Option(help: "Replay this seed alone (its schedule, shrunk when it fails).")
    var seed: UInt64?

    @Option(help: "How many schedules to run, from --first-seed on.")
    var schedules = 10_000

    @Option(help: "The first seed of a run of many.")
    var firstSeed: UInt64 = 1

    @Option(help: "A defect to switch on: \(Defect.allCases.map { $0.rawValue }.joined(separator: ", ")).")
    var defect: Defect?

    @Flag(help: "With --seed: print every step, even when the schedule passes.")
    var verbose = false

    func run() async throws {
        let defects = defect?.defects ?? .none
        if let seed {
            let schedule = Simulation.Schedule(seed: seed)
            if verbose { schedule.steps.enumerated().forEach { print("  \($0.offset + 1). \($0.element)") } }
            let report = SimulationReport.run(first: seed, count: 1, defects: defects)
            print(report.text)
            if report.failure != nil { throw ExitCode.failure }
            return
        }
        let started = ContinuousClock.now
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let share = (schedules + workers - 1) / workers
        let reports = (0..<workers).map { worker in
            let first = firstSeed &+ UInt64(worker * share)
            let count = max(0, min(share, schedules - worker * share))
            return Task.detached { SimulationReport.run(first: first, count: count, defects: defects) }
        }
        var failed = false
        for report in reports {
            let result = await report.value
            if result.failure != nil {
                failed = true
                print(result.text)
            }
        }
        let elapsed = ContinuousClock.now - started
        print("\(schedules) schedules from seed \(firstSeed) in \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))")
        if failed { throw ExitCode.failure }
    }
}

/// The defects the runner can switch on, by name.
enum Defect: String, CaseIterable, ExpressibleByArgument {
    case baseTakenAtSendTime = "base-at-send-time"
    case keepMineSendsEveryField = "keep-mine-every-field"
    case replayTakenAsCurrent = "replay-as-current"
    case keyReusedForAnotherBody = "key-reused"
    case orderPerEntityIgnored = "order-ignored"
    case rejectionNotPublished = "rejection-unpublished"
    case serverChecksOutsideReservation = "server-check-outside-reservation"

    var defects: Simulation.Defects {
        switch self {
        case .baseTakenAtSendTime: Simulation.Defects(engine: .baseTakenAtSendTime)
        case .keepMineSendsEveryField: Simulation.Defects(engine: .keepMineSendsEveryField)
        case .replayTakenAsCurrent: Simulation.Defects(engine: .replayTakenAsCurrent)
        case .keyReusedForAnotherBody: Simulation.Defects(engine: .keyReusedForAnotherBody)
        case .orderPerEntityIgnored: Simulation.Defects(engine: .orderPerEntityIgnored)
        case .rejectionNotPublished: Simulation.Defects(engine: .rejectionNotPublished)
        case .serverChecksOutsideReservation: Simulation.Defects(serverChecksOutsideReservation: true)
        }
    }
}
