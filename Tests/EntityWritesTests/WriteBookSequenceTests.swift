import EntityWrites
import Foundation
import Testing

/// The write sequences that lost data or showed what was not true, each played against the book
/// through its public API, the server's answers written by hand.
@Suite("Write book: the sequences that used to go wrong")
struct WriteBookSequenceTests {
    let now = Date(timeIntervalSinceReferenceDate: 0)
    let rules = WriteRules(editable: .only(["name", "status", "species"]))

    func beth(_ name: String, _ species: String) -> Fields {
        ["id": .number(2), "name": .string(name), "status": .string("Alive"), "species": .string(species)]
    }

    /// The next step, its transition applied; the request it sends.
    func send(_ book: inout WriteBook, at time: Date? = nil) -> (WriteStep, SendRequest)? {
        let (step, _) = book.nextStep(now: time ?? now) { UUID().uuidString }
        guard case .send(_, let request)? = step, let step else { return nil }
        return (step, request)
    }

    @Test("Keep mine sends only mine's changed fields, over theirs: the other side's species stays")
    func keepMineKeepsTheirOtherFields() throws {
        var book = WriteBook(rules: rules)
        let seen = beth("Beth Smith", "Human")
        let (sequence, _) = book.edit(entity: "/api/character/2", saw: seen, tag: "\"t1\"", mine: beth("Beth Mine", "Human"), now: now)
        let firstSend = send(&book)
        let (step, request) = try #require(firstSend)
        #expect(request.body == ["name": .string("Beth Mine")])
        #expect(request.ifMatch == "\"t1\"")
        let theirs = beth("Beth Theirs", "Robot")
        let conflict = book.take(.answered(ServerAnswer(status: 412, tag: "\"t2\"", object: theirs)), for: step, now: now)
        #expect(conflict.events.map(\.outcome) == [.conflict(fields: ["name"])])
        #expect(conflict.effects == [.store(entity: "/api/character/2", copy: ServerCopy(value: theirs, tag: "\"t2\""))])
        let written = try #require(sequence)
        let resolved = book.resolve(written, .keepMine, now: now)
        let kept = try #require(resolved)
        #expect(kept.events.map(\.outcome) == [.queued])
        let nextSend = send(&book)
        let (_, again) = try #require(nextSend)
        #expect(again.body == ["name": .string("Beth Mine")])
        #expect(again.ifMatch == "\"t2\"")
        #expect(again.idempotencyKey != request.idempotencyKey)
    }

    @Test("A form's edit is made against what the form showed: a newer copy is merged, not written over")
    func formBaseIsWhatItShowed() throws {
        var book = WriteBook(rules: rules)
        let shown: Fields = ["name": .string("Rick Sanchez"), "status": .string("Alive"), "species": .string("Human")]
        var mine = shown
        mine["status"] = .string("Dead")
        _ = book.edit(entity: "/api/character/1", saw: shown, tag: "\"old\"", mine: mine, now: now)
        let firstSend = send(&book)
        let (step, request) = try #require(firstSend)
        #expect(request.body == ["status": .string("Dead")])
        let newer: Fields = ["name": .string("Rick Theirs"), "status": .string("Alive"), "species": .string("Cyborg")]
        _ = book.take(.answered(ServerAnswer(status: 412, tag: "\"new\"", object: newer)), for: step, now: now)
        let nextSend = send(&book)
        let (_, merged) = try #require(nextSend)
        #expect(merged.body == ["status": .string("Dead")])
        #expect(merged.ifMatch == "\"new\"")
        #expect(book.shown("/api/character/1", over: newer) == ["name": .string("Rick Theirs"), "status": .string("Dead"), "species": .string("Cyborg")])
    }

    @Test("A rejected write leaves what is shown at once, and its user is told")
    func rejectionLeavesTheScreen() throws {
        var book = WriteBook(rules: rules)
        let copy = beth("Beth Smith", "Human")
        _ = book.edit(entity: "/api/character/2", saw: copy, tag: "\"t1\"", mine: beth("B", "Human"), now: now)
        #expect(book.shown("/api/character/2", over: copy)?["name"] == .string("B"))
        let firstSend = send(&book)
        let (step, _) = try #require(firstSend)
        let error: Fields = ["error": .string("name is too short"), "field": .string("name")]
        let rejected = book.take(.answered(ServerAnswer(status: 422, object: error)), for: step, now: now)
        #expect(rejected.events.map(\.outcome) == [.rejected(reason: "name is too short", field: "name")])
        #expect(book.shown("/api/character/2", over: copy) == copy)
        #expect(book.view("/api/character/2", over: ServerCopy(value: copy, tag: "\"t1\""))?.tag == "\"t1\"")
    }

    @Test("A replayed answer confirms the write and reads the entity again: no conflict, nothing old stored")
    func replayConfirms() throws {
        var book = WriteBook(rules: rules)
        _ = book.edit(entity: "/api/character/3", saw: beth("Summer", "Human"), tag: "\"t1\"", mine: beth("Summer Mine", "Human"), now: now)
        let firstSend = send(&book)
        let (step, request) = try #require(firstSend)
        _ = book.take(.none(reason: "the answer was lost"), for: step, now: now)
        let nextSend = send(&book, at: now.addingTimeInterval(5))
        let (_, again) = try #require(nextSend)
        #expect(again == request)
        let old = beth("Summer Mine", "Human")
        let taken = book.take(.answered(ServerAnswer(status: 200, tag: "\"t2\"", replayed: true, object: old)), for: step, now: now)
        #expect(taken.events.map(\.outcome) == [.confirmed])
        #expect(taken.effects == [.reread(entity: "/api/character/3")])
        #expect(book.writes.isEmpty)
    }

    @Test("A delete of a copy from a page reads the entity first: another version is a conflict")
    func deleteOfUnseenVersionIsAConflict() throws {
        var book = WriteBook(rules: rules)
        let seen: Fields = ["name": .string("Jerry Smith"), "status": .string("Alive"), "species": .string("Human")]
        _ = book.delete(entity: "/api/character/5", saw: seen, tag: nil, now: now)
        let (step, _) = book.nextStep(now: now) { "k" }
        #expect(step == .read(sequence: 1, entity: "/api/character/5"))
        var theirs = seen
        theirs["name"] = .string("Jerry Theirs")
        let read = try #require(step)
        let taken = book.take(.answered(ServerAnswer(status: 200, tag: "\"t9\"", object: theirs)), for: read, now: now)
        #expect(taken.events.map(\.outcome) == [.conflict(fields: ["name"])])
        #expect(book.nextStep(now: now) { "k" }.0 == nil)
    }

    @Test("A key names one body: an edit after a send waits behind it; the resend is the same request")
    func keyNamesOneBody() throws {
        var book = WriteBook(rules: rules)
        let seen = beth("Beth", "Human")
        _ = book.edit(entity: "/api/character/2", saw: seen, tag: "\"t1\"", mine: beth("Beth 1", "Human"), now: now)
        let firstSend = send(&book)
        let (step, first) = try #require(firstSend)
        _ = book.take(.none(reason: "offline"), for: step, now: now)
        let shown = try #require(book.view("/api/character/2", over: ServerCopy(value: seen, tag: "\"t1\"")))
        #expect(shown.tag == nil)
        let (later, _) = book.edit(entity: "/api/character/2", saw: shown.value, tag: shown.tag, mine: beth("Beth 2", "Human"), now: now)
        #expect(later == 2)
        let resent = send(&book, at: now.addingTimeInterval(60))
        let (resendStep, resend) = try #require(resent)
        #expect(resend == first)
        let applied = beth("Beth 1", "Human")
        _ = book.take(.answered(ServerAnswer(status: 200, tag: "\"t2\"", object: applied)), for: resendStep, now: now)
        let nextSend = send(&book)
        let (_, second) = try #require(nextSend)
        #expect(second.body == ["name": .string("Beth 2")])
        #expect(second.ifMatch == "\"t2\"")
    }

    @Test("Retry-After is honoured, and 409 keeps the same request")
    func retryAfter() throws {
        var book = WriteBook(rules: rules)
        _ = book.edit(entity: "/api/character/2", saw: beth("Beth", "Human"), tag: "\"t1\"", mine: beth("B2", "Human"), now: now)
        let firstSend = send(&book)
        let (step, request) = try #require(firstSend)
        let busy = book.take(.answered(ServerAnswer(status: 409, retryAfter: 7)), for: step, now: now)
        #expect(busy.events.map(\.outcome) == [.retrying(reason: "HTTP 409", notBefore: now.addingTimeInterval(7))])
        #expect(book.nextStep(now: now.addingTimeInterval(6)) { "k" }.0 == .wait(until: now.addingTimeInterval(7)))
        let nextSend = send(&book, at: now.addingTimeInterval(7))
        let (_, again) = try #require(nextSend)
        #expect(again == request)
    }

    @Test("A later write waits while an earlier one of the same entity is in conflict; other entities go on")
    func orderPerEntity() throws {
        var book = WriteBook(rules: rules)
        let seen = beth("Beth", "Human")
        _ = book.edit(entity: "/api/character/2", saw: seen, tag: "\"t1\"", mine: beth("Mine", "Human"), now: now)
        let firstSend = send(&book)
        let (step, _) = try #require(firstSend)
        _ = book.take(.answered(ServerAnswer(status: 412, tag: "\"t2\"", object: beth("Theirs", "Human"))), for: step, now: now)
        let view = try #require(book.view("/api/character/2", over: ServerCopy(value: beth("Theirs", "Human"), tag: "\"t2\"")))
        _ = book.edit(entity: "/api/character/2", saw: view.value, tag: view.tag, mine: beth("Mine", "Robot"), now: now)
        _ = book.edit(entity: "/api/character/3", saw: beth("Summer", "Human"), tag: "\"s1\"", mine: beth("Summer 2", "Human"), now: now)
        let nextSend = send(&book)
        let (nextStep, next) = try #require(nextSend)
        #expect(next.entity == "/api/character/3")
        _ = book.take(.answered(ServerAnswer(status: 200, tag: "\"s2\"", object: beth("Summer 2", "Human"))), for: nextStep, now: now)
        #expect(book.nextStep(now: now) { "k" }.0 == nil)
        #expect(book.openWrites(of: "/api/character/2").map(\.state) == [.conflict, .pending])
    }

    @Test("With shownAs, a server's value that only looks different from what the user saw is no conflict")
    func comparedAsShown() throws {
        // GIVEN values shown trimmed of spaces at their ends, and a server that keeps them
        let trimmed = WriteRules(editable: .only(["name", "species"])) { _, value in
            guard case .string(let text) = value else { return value }
            return .string(text.trimmingCharacters(in: .whitespaces))
        }
        var book = WriteBook(rules: trimmed)
        let shown: Fields = ["name": .string("Beth"), "species": .string("Human")]
        var mine = shown
        mine["name"] = .string("Beth Mine ")
        _ = book.edit(entity: "/api/character/2", saw: shown, tag: nil, mine: mine, now: now)
        // WHEN the copy read before sending (it had no tag) differs only in what is not shown
        let (step, _) = book.nextStep(now: now) { "k" }
        let read = try #require(step)
        #expect(read == .read(sequence: 1, entity: "/api/character/2"))
        let theirs: Fields = ["name": .string(" Beth "), "species": .string("Human  ")]
        let answer = ServerAnswer(status: 200, tag: "\"t1\"", object: theirs)
        let answered = book.take(.answered(answer), for: read, now: now)
        // THEN mine's change goes out as shown, over theirs' tag; nothing else is sent
        #expect(!answered.events.contains { if case .conflict = $0.outcome { true } else { false } })
        let nextSend = send(&book)
        let (_, patch) = try #require(nextSend)
        #expect(patch.body == ["name": .string("Beth Mine")])
        #expect(patch.ifMatch == "\"t1\"")
    }
}
