import Foundation

/// `--stats-file`: a one-line JSON file rewritten every few seconds with the process's heap figures
/// (`HeapUsage`: `inUse`, `arenas`, `freeHeld`, `mapped`, in bytes, and `samples`, how many were
/// written), for a watcher such as the soak run. Each rewrite replaces the file whole (a temporary
/// file renamed over it), so a reader never sees half a line. A value; `run` is its only loop.
struct HeapStatsFile: Sendable {
    /// One rewrite of the file.
    struct Line: Codable, Equatable {
        var inUse: Int
        var arenas: Int
        var freeHeld: Int
        var mapped: Int
        /// How many lines the run has written, this one included.
        var samples: Int
    }

    let url: URL
    let interval: Duration
    let sample: @Sendable () -> HeapUsage?

    /// A file at `path`, written once now: an unwritable path fails here, before the browser starts.
    init(
        path: String, interval: Duration = .seconds(2),
        sample: @escaping @Sendable () -> HeapUsage? = HeapUsage.current
    ) throws(ValidationFailure) {
        url = URL(fileURLWithPath: path)
        self.interval = interval
        self.sample = sample
        do {
            try write(samples: 1)
        } catch {
            throw ValidationFailure("cannot write the stats file '\(path)': \(error.localizedDescription)")
        }
    }

    /// Rewrites the file every `interval` of `clock` until the task is cancelled, and once more
    /// then (the figures at the end of the run); a failed write is tried again at the next tick
    /// (the browser goes on).
    func run<C: Clock>(clock: C) async where C.Duration == Duration {
        var samples = 1
        while true {
            let cancelled = (try? await clock.sleep(for: interval)) == nil
            samples += 1
            try? write(samples: samples)
            if cancelled || Task.isCancelled { return }
        }
    }

    private func write(samples: Int) throws {
        guard let usage = sample() else { return }
        let line = Line(
            inUse: usage.inUse, arenas: usage.arenas, freeHeld: usage.freeHeld, mapped: usage.mapped,
            samples: samples)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try (encoder.encode(line) + Data("\n".utf8)).write(to: url, options: .atomic)
    }
}
