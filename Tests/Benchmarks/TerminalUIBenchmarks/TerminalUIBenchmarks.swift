import Benchmark
import Locking
import Synchronization
import TerminalUI

/// Whether the cell counts were printed (the benchmark body runs once per sample).
let cellCountsPrinted = Atomic<Bool>(false)

/// The scrolling screen and its last frame, kept across samples so that every sample
/// measures one warm frame, as a running UI draws it.
let scrollingScreen = PThreadMutex(ScrollingScreen())

/// A `ListScreen` that remembers the frame it presented last.
struct ScrollingScreen {
    var screen = ListScreen()
    var previous: CellBuffer?

    /// Scrolls one row, renders, and diffs against the previous frame; returns the changed cells.
    mutating func nextFrame() -> Int {
        screen.scrollOneRow()
        let frame = screen.render()
        defer { previous = frame }
        return frame.changes(since: previous).count
    }
}

/// A 200×60 screen: a bordered 100,000-row list, a status line and a key-hint footer.
struct ListScreen {
    static let size = TerminalSize(width: 200, height: 60)
    static let rowCount = 100_000

    let names: [String] = (0..<rowCount).map { "Character number \($0) — Señor 日本 \($0 % 97)" }
    let statuses = ["Alive", "Dead", "unknown"]
    var state = ListState()

    var visibleRows: Int { Self.size.height - 4 }

    /// Moves the selection one row down, wrapping to the top at the end.
    mutating func scrollOneRow() {
        if state.selected + 1 >= Self.rowCount {
            state.moveToFirst(rowCount: Self.rowCount, visibleRows: visibleRows)
        } else {
            state.move(by: 1, rowCount: Self.rowCount, visibleRows: visibleRows)
        }
    }

    func render() -> CellBuffer {
        var buffer = CellBuffer(size: Self.size)
        let parts = buffer.area.splitRows([.fill, .fixed(1), .fixed(1)])
        BorderBox(title: "Characters").render(in: parts[0], buffer: &buffer)
        ListView(rowCount: Self.rowCount, state: state) { index in
            Line([
                Span(
                    TextFitting.fit("#\(index + 1)", width: 8, alignment: .trailing), style: .plain.dimmed()),
                Span("  "), Span(TextFitting.fit(names[index], width: 60)),
                Span(statuses[index % 3], style: Style(foreground: index % 3 == 1 ? .red : .green)),
            ])
        }.render(in: BorderBox.interior(of: parts[0]), buffer: &buffer)
        StatusPane(rows: [LabeledValue("row", "\(state.selected + 1) of \(Self.rowCount)")])
            .render(in: parts[1], buffer: &buffer)
        KeyHintsFooter(hints: [KeyHint("j/k", "move"), KeyHint("/", "filter"), KeyHint("q", "quit")])
            .render(in: parts[2], buffer: &buffer)
        return buffer
    }
}

/// The executable's entry: registers `benchmarks` with package-benchmark's runner.
@main enum BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { benchmarks() }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark(
        "List frame 200x60 over 100k rows: render + diff, one-row scroll",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .throughput], warmupIterations: 50,
            maxDuration: .seconds(10), maxIterations: 5_000)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(scrollingScreen.withLock { $0.nextFrame() })
        }
    }

    Benchmark(
        "Cells written: one-row cursor move vs full redraw (200x60)",
        configuration: .init(
            metrics: [
                .custom("cells written, full redraw"), .custom("cells written, cursor move"),
                .custom("cursor move / full redraw (per mille)"),
            ], maxDuration: .seconds(1), maxIterations: 50)
    ) { benchmark in
        var screen = ListScreen()
        let backend = HeadlessBackend(size: ListScreen.size)
        let full = backend.present(screen.render())
        screen.scrollOneRow()
        let move = backend.present(screen.render())
        benchmark.measurement(.custom("cells written, full redraw"), full)
        benchmark.measurement(.custom("cells written, cursor move"), move)
        benchmark.measurement(.custom("cursor move / full redraw (per mille)"), move * 1000 / max(1, full))
        if !cellCountsPrinted.exchange(true, ordering: .relaxed) {
            let percent = Double(move) * 100 / Double(max(1, full))
            print(
                "cells written: full redraw \(full), one-row cursor move \(move) (\(percent)% of a full redraw)"
            )
        }
    }
}
