import TerminalUI

/// The recent-answers box: one line per applied answer, newest first — what was asked (with a
/// composed answer's parts when there is room), which source answered (or `failed`), the policy,
/// and (when wide enough) the latency. Holds exactly what it draws, so equal panes draw equal cells.
struct RecentAnswersPane: Widget, Equatable, Sendable {
    let events: [AnswerEvent]

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox.render(titled: "Recent answers", in: area, buffer: &buffer) { inside in
            events.isEmpty ? [Line("none yet", style: .plain.dimmed())] : lines(in: inside)
        }
    }

    /// A line per event that fits in `inside`, its columns fitted to its width.
    private func lines(in inside: Rect) -> [Line] {
        let isRoomy = inside.width >= 56
        let sourceWidth = 11
        let policyWidth = isRoomy ? 11 : 7
        let latencyWidth = isRoomy ? 8 : 0
        let queryWidth = max(4, inside.width - sourceWidth - policyWidth - latencyWidth - (isRoomy ? 3 : 2))
        return events.prefix(inside.height).map { event in
            let source = TextFitting.fit(StatusPaneContent.source(event), width: sourceWidth)
            let policy = isRoomy ? event.policy.description : Self.shortPolicy(event.policy)
            var spans =
                Self.querySpans(event, width: queryWidth) + [
                    Span(" "), Span(source, style: StatusPaneContent.sourceStyle(event)), Span(" "),
                    Span(TextFitting.fit(policy, width: policyWidth), style: .plain.dimmed()),
                ]
            if isRoomy {
                let latency = StatusPaneContent.latency(event.ms)
                let fitted = TextFitting.fit(latency, width: latencyWidth, alignment: .trailing)
                spans += [Span(" "), Span(fitted)]
            }
            return Line(spans)
        }
    }

    /// The query, then (dimmed) a composed answer's parts as room allows: `page 2 7 memory · 12 network`.
    static func querySpans(_ event: AnswerEvent, width: Int) -> [Span] {
        guard let provenance = event.provenance, event.query.count + 2 < width else {
            return [Span(TextFitting.fit(event.query, width: width))]
        }
        let rest = width - event.query.count - 1
        return [
            Span(event.query + " "), Span(TextFitting.fit(provenance, width: rest), style: .plain.dimmed()),
        ]
    }

    /// `local`, `remote`, `nocache`, `cache`; a download's policy in full.
    static func shortPolicy(_ policy: AnswerPolicy) -> String {
        switch policy {
        case .cache(.localFirst): "local"
        case .cache(.remoteFirst): "remote"
        case .cache(.noCache): "nocache"
        case .cache(.cacheOnly): "cache"
        case .download: policy.description
        }
    }
}
