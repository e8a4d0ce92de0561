import TerminalUI

/// A screen's geometry as its last `layOut` built it for a layout (or area), for `perform` and
/// `render` to read; forgotten when its state changes. Derived state, so any two are equal and
/// hash alike. A plain value.
struct LaidOut<Layout: Equatable & Sendable, Geometry: Sendable>: Sendable, Hashable {
    private var stored: (layout: Layout, geometry: Geometry)?

    /// The geometry kept for `layout`, or the one `build` makes, kept from now on.
    @discardableResult
    mutating func layOut(for layout: Layout, _ build: () -> Geometry) -> Geometry {
        let geometry = self.geometry(for: layout, else: build)
        stored = (layout, geometry)
        return geometry
    }

    /// Forgets the geometry: the state it was built from changed.
    mutating func forget() { stored = nil }

    /// The geometry kept for `layout`, or the one `build` makes when none is (nothing laid out
    /// since the state changed, or another layout).
    func geometry(for layout: Layout, else build: () -> Geometry) -> Geometry {
        if let stored, stored.layout == layout { return stored.geometry }
        return build()
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
