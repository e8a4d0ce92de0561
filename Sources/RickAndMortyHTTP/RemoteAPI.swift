import AsyncHTTPExchange
import HTTPExchange
import RepositoryCore
import RickAndMortyModel

/// The Rick and Morty API as one object to wire: configuration, HTTP exchange, offline switch and clock,
/// vending one `HTTPDataSource` per resource. A value type, thread-safe (every part is `Sendable`).
public struct RemoteAPI: Sendable {
    /// Base URL, timeout and User-Agent.
    public let configuration: RemoteAPIConfiguration
    /// How requests travel (the process's one AsyncHTTPClient pool in the product).
    public let http: any HTTPExchanging
    /// The offline key: when off, every data source of this API fails fast without a request.
    public let networkSwitch: NetworkSwitch
    /// "Now", for the stored-at time of what is fetched or revalidated.
    public let timeSource: any TimeSource

    /// Creates the API; by default the public server over `AsyncHTTPExchange.shared`, online, wall clock.
    public init(
        configuration: RemoteAPIConfiguration = RemoteAPIConfiguration(),
        http: any HTTPExchanging = AsyncHTTPExchange.shared,
        networkSwitch: NetworkSwitch = NetworkSwitch(),
        timeSource: any TimeSource = SystemTimeSource()
    ) {
        self.configuration = configuration
        self.http = http
        self.networkSwitch = networkSwitch
        self.timeSource = timeSource
    }

    /// A data source for any endpoint.
    public func dataSource<Value>(_ endpoint: Endpoint<Value>) -> HTTPDataSource<Value> {
        HTTPDataSource(endpoint, api: self)
    }

    /// Character pages (`.page` queries, e.g. `CharacterFilter.pageQuery(n)`).
    public var characterPages: HTTPDataSource<CharacterPage> { dataSource(.characterPages) }
    /// One character (`.id`).
    public var character: HTTPDataSource<ShowCharacter> { dataSource(.character) }
    /// Several characters in one request (`.ids`).
    public var characters: HTTPDataSource<[ShowCharacter]> { dataSource(.characters) }
    /// One episode (`.id`).
    public var episode: HTTPDataSource<Episode> { dataSource(.episode) }
    /// Several episodes in one request (`.ids`): a character's episodes for the detail pane.
    public var episodes: HTTPDataSource<[Episode]> { dataSource(.episodes) }
    /// One location (`.id`).
    public var location: HTTPDataSource<Location> { dataSource(.location) }
    /// Several locations in one request (`.ids`).
    public var locations: HTTPDataSource<[Location]> { dataSource(.locations) }
}
