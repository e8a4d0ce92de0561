import ExplorerModel
import Foundation
import PersistentCache
import RepositoryCore

/// A page on disk as JSON bytes: its URL, next, count and rows (address, title, whether a
/// reference) — never its entities, which are stored once each. Stateless; thread-safe.
struct PageCodec: PayloadCodec {
    func encode(_ value: ExplorerPage) throws(RepositoryError) -> Data {
        var text = "{"
        StoredJSON.append("url", value.url.absoluteString, to: &text)
        text.append(",")
        StoredJSON.append("next", value.next?.absoluteString, to: &text)
        text.append(",\"count\":\(value.count.map(String.init) ?? "null"),\"rows\":[")
        for (index, row) in value.rows.enumerated() {
            text.append(index == 0 ? "{" : ",{")
            StoredJSON.append("address", row.address.key, to: &text)
            text.append(",")
            StoredJSON.append("title", row.title, to: &text)
            text.append(",\"reference\":\(row.isReference)}")
        }
        text.append("]}")
        return Data(text.utf8)
    }

    func decode(_ data: Data) throws(RepositoryError) -> ExplorerPage {
        let stored = try StoredJSON.object(data, kind: "page")
        guard let url = StoredJSON.url(stored, "url"), let rows = stored["rows"]?.array else {
            throw .serialization(detail: "a stored page has no url or rows")
        }
        var read: [ExplorerRow] = []
        read.reserveCapacity(rows.count)
        for row in rows {
            guard let row = row.object else {
                throw .serialization(detail: "a stored page's row is not an object")
            }
            read.append(
                ExplorerRow(
                    address: try StoredJSON.address(row, "address", kind: "row"),
                    title: try StoredJSON.string(row, "title", kind: "row"),
                    isReference: row["reference"] == .bool(true)))
        }
        return ExplorerPage(
            url: url, rows: read, next: StoredJSON.url(stored, "next"), count: stored["count"]?.integer)
    }
}
