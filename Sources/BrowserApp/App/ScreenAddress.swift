import Foundation
import TerminalUI

/// Where a screen sits on the stack, for as long as it is there: given when it is pushed, never
/// given again. The effects a screen returns are addressed to it, so their messages come back to
/// it alone, and their task keys are scoped by it, so no two screens' tasks share a key. A plain value.
package struct ScreenAddress: Sendable, Hashable {
    let number: Int

    /// A screen's task key scoped by its address: `3:page-1`.
    func scoped(_ key: String) -> String { "\(number):\(key)" }
}

/// A screen on the stack with its address. A plain value.
struct StackedScreen: Sendable {
    let address: ScreenAddress
    var screen: any ScreenModel
}

/// One call of the app on a screen (`ScreenModel`'s requirements that return effects). A plain value.
enum ScreenCall {
    case open, suspend, resume, resized, settle, reconnected
    case perform(BrowserAction)
    /// A message addressed to the screen: one of its own `Message`s.
    case receive(any Sendable)
    case answered(AnswerEvent, at: Date)
}

extension ScreenModel {
    /// Makes `call` and addresses the effects it returns to `address`, their keys scoped by it.
    mutating func take(_ call: ScreenCall, at address: ScreenAddress, context: inout ScreenContext)
        -> [Effect<BrowserMessage>]
    {
        let effects: [Effect<Message>]
        switch call {
        case .open: effects = open(context: &context)
        case .suspend: effects = suspend(context: &context)
        case .resume: effects = resume(context: &context)
        case .resized: effects = resized(context: &context)
        case .settle: effects = settle(context: &context)
        case .reconnected: effects = reconnected(context: &context)
        case .perform(let action): effects = perform(action, context: &context)
        case .answered(let event, let time): effects = answered(event, at: time, context: &context)
        case .receive(let message):
            // The address is this screen's, so the message is of its type.
            guard let own = message as? Message else { return [] }
            effects = receive(own, context: &context)
        }
        return effects.map { $0.map(keys: address.scoped) { .screen(address, $0) } }
    }
}

extension Effect {
    /// The same work, its keys turned by `scope`, its messages turned into `Other` by `transform`.
    func map<Other: Sendable>(
        keys scope: (String) -> String, _ transform: @escaping @Sendable (Message) -> Other
    ) -> Effect<Other> {
        switch self {
        case .run(let key, let operation):
            .run(key: key.map(scope)) { sink in await operation(MessageSink { sink.send(transform($0)) }) }
        case .subscribe(let key, let operation):
            .subscribe(key: key.map(scope)) { sink in
                await operation(MessageSink { sink.send(transform($0)) })
            }
        case .call(let operation): .call(operation)
        case .cancel(let key): .cancel(key: scope(key))
        case .quit: .quit
        }
    }
}
