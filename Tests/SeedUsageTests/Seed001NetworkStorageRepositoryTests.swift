import RepositoryCore
import Testing

/// Seed 001 (NetworkStorageRepository), through the public API only: the older vocabulary
/// names the same repository and the same operations (network = main, storage = cache).
@Suite("Seed 001: NetworkStorageRepository")
struct Seed001NetworkStorageRepositoryTests {
    @Test("The usage snippet: StorageSync reads storage, then network, and fills storage")
    func usage() async throws {
        let journal = Journal()
        let networkDataSource = DictionaryDataSource<String>("network", origin: .network, journal: journal)
        let storageDataSource = DictionaryDataSource<String>("storage", origin: .disk, journal: journal)
        networkDataSource.hold("hello", for: .id("myKey"))

        let repository = NetworkStorageRepository(network: networkDataSource, storage: storageDataSource)

        let value = try await repository.get(.id("myKey"), operation: .storageSync)
        #expect(value == "hello")
        #expect(journal.entries == ["storage.get", "network.get", "storage.put"])
        #expect(repository.storage.held(.id("myKey")) == "hello")
    }

    /// Each seed 001 operation and the seed 000 operation it is.
    static let pairs: [(seed001: RepositoryOperation, seed000: RepositoryOperation)] = [
        (.network, .main), (.networkSync, .mainSync), (.storage, .cache), (.storageSync, .cacheSync),
    ]

    @Test("Network, NetworkSync, Storage and StorageSync are Main, MainSync, Cache and CacheSync")
    func sameOperations() {
        for (old, new) in Self.pairs { #expect(old == new) }
    }

    @Test(
        "Each seed 001 operation uses the sources in the seed's order for GET, PUT and DELETE",
        arguments: [OperationCase.Verb.get, .put, .delete], [OperationCase.MainSetup.answers, .fails])
    func order(_ verb: OperationCase.Verb, network: OperationCase.MainSetup) async throws {
        let expected: [RepositoryOperation: [String]] =
            switch verb {
            case .get:
                [
                    .network: ["network.get"],
                    .networkSync: network == .answers ? ["network.get", "storage.put"] : ["network.get"],
                    .storage: ["storage.get"],
                    .storageSync: network == .answers
                        ? ["storage.get", "network.get", "storage.put"] : ["storage.get", "network.get"],
                ]
            case .put:
                [
                    .network: ["network.put"],
                    .networkSync: network == .answers ? ["network.put", "storage.put"] : ["network.put"],
                    .storage: ["storage.put"], .storageSync: ["storage.put", "network.put"],
                ]
            case .delete:
                [
                    .network: ["network.delete"],
                    .networkSync: network == .answers
                        ? ["network.delete", "storage.delete"] : ["network.delete"],
                    .storage: ["storage.delete"], .storageSync: ["storage.delete", "network.delete"],
                ]
            }
        for (operation, calls) in expected {
            // GIVEN an empty storage and a network that answers or fails
            let journal = Journal()
            let networkSource = DictionaryDataSource<String>("network", origin: .network, journal: journal)
            let storageSource = DictionaryDataSource<String>("storage", origin: .disk, journal: journal)
            networkSource.hold("remote", for: OperationCase.query)
            if network == .fails { networkSource.failEveryCall(with: OperationCase.offline) }
            let repository = NetworkStorageRepository(network: networkSource, storage: storageSource)
            // WHEN the verb runs THEN the calls are the seed's, in its order
            _ = await Seed000CacheRepositoryTests.run(verb, operation, on: repository)
            #expect(journal.entries == calls, "\(verb.rawValue) \(operation.label)")
        }
    }
}
