import AsyncHTTPExchange
import Foundation
import HTTPExchange
import RepositoryCore
import RickAndMortyHTTP
import TestSupport

/// Builds a `RemoteAPI` aimed at a scripted server, with a manual clock and its own switch. The
/// default timeout is a budget for a busy run (the scripted server answers on the pool every test
/// shares), not a subject: a test of timeouts gives its own.
struct TestAPI {
    let api: RemoteAPI
    let clock: ManualTimeSource
    let networkSwitch: NetworkSwitch

    init(
        baseURL: URL, timeout: Duration = .seconds(60), http: (any HTTPExchanging)? = nil,
        maximumAnswerSize: SizeLimit = RemoteAPIConfiguration.defaultMaximumAnswerSize
    ) {
        clock = ManualTimeSource()
        networkSwitch = NetworkSwitch()
        api = RemoteAPI(
            configuration: RemoteAPIConfiguration(
                baseURL: baseURL, timeout: timeout, maximumAnswerSize: maximumAnswerSize),
            http: http ?? AsyncHTTPExchange.shared, networkSwitch: networkSwitch, timeSource: clock)
    }

    init(
        _ server: ScriptedServer, timeout: Duration = .seconds(60),
        maximumAnswerSize: SizeLimit = RemoteAPIConfiguration.defaultMaximumAnswerSize
    ) {
        self.init(baseURL: server.baseURL, timeout: timeout, maximumAnswerSize: maximumAnswerSize)
    }
}

/// The real data, loaded once for every test.
let fixtures: FixtureAPI? = try? FixtureAPI.load()

extension FixtureAPI {
    /// The loaded fixtures, or a test failure explaining where the data should be.
    static func shared() throws -> FixtureAPI {
        guard let fixtures else { throw FixtureError.missingData(SharedData.folder.path) }
        return fixtures
    }
}

/// The shared data dump could not be read.
enum FixtureError: Error { case missingData(String) }
