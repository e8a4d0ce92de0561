import Foundation
import RepositoryCore
import TestSupport
import Testing

/// The shared contract body, run against every data source of this library.
@Suite("Data-source contract")
struct DataSourceContractTests {
    static let sample: @Sendable (Int) -> String = { "value-\($0)" }

    @Test("In-memory LRU (with enough capacity)")
    func inMemory() async throws {
        try await DataSourceContract.verify(
            { InMemoryDataSource<String>(countLimit: 1_000) }, sample: Self.sample)
    }

    @Test("Tiered: memory over another store")
    func tiered() async throws {
        try await DataSourceContract.verify(
            {
                TieredCacheDataSource(
                    upper: InMemoryDataSource<String>(), lower: InMemoryDataSource<String>(origin: .disk))
            },
            sample: Self.sample)
    }

    @Test("Tiered: memory over a small memory tier over a fake disk")
    func tieredThreeLevels() async throws {
        try await DataSourceContract.verify(
            {
                TieredCacheDataSource(
                    upper: InMemoryDataSource<String>(countLimit: 2),
                    lower: TieredCacheDataSource(
                        upper: InMemoryDataSource<String>(countLimit: 5),
                        lower: FakeDataSource<String>(origin: .disk)))
            }, sample: Self.sample)
    }

    @Test("Validating (a validator that accepts everything it holds)")
    func validating() async throws {
        try await DataSourceContract.verify(
            {
                ValidatingDataSource(
                    InMemoryDataSource<String>(), validator: ClosureValidator { _, _ in .valid })
            },
            sample: Self.sample)
    }

    @Test("Mapped: JSON Data in memory")
    func mappedJSON() async throws {
        try await DataSourceContract.verify(
            { MappedDataSource(InMemoryDataSource<Data>(), mapper: JSONDataMapper<String>()) },
            sample: Self.sample)
    }

    @Test("Mapped: closures over JSON strings")
    func mappedClosures() async throws {
        try await DataSourceContract.verify(
            {
                MappedDataSource(
                    InMemoryDataSource<String>(), decode: { Int($0.dropFirst(6)) ?? -1 },
                    encode: { "value-\($0)" })
            }, sample: { $0 })
    }

    @Test("The fake used by the other tests")
    func fake() async throws {
        try await DataSourceContract.verify({ FakeDataSource<String>(origin: .disk) }, sample: Self.sample)
    }
}
