import HTTPExchange
import RickAndMortyHTTP

/// The explorer's HTTP: the process's one client, refused at once while the browser's network
/// switch is off (`o`), so an explored API answers from the cache as Rick and Morty does. A
/// value over thread-safe parts; thread-safe.
struct SwitchedExchange: HTTPExchanging {
    let base: any HTTPExchanging
    let networkSwitch: NetworkSwitch

    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        guard networkSwitch.isOnline else { throw .notSent(reason: "offline (the network switch is off)") }
        return try await base.exchange(request, reading: read)
    }
}
