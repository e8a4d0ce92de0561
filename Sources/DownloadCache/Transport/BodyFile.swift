import Foundation
import HTTPExchange

/// Receives an answer for a download: a 2xx body into its file (created 0600, replacing any file
/// there), each part written before the next is asked for; any other body read and dropped.
enum BodyFile {
    /// The most of a body other than 2xx read to keep its connection; past it the rest is let go.
    static let droppedBodyLimit = 64 << 10

    /// The answer's status and headers once its body is in `file`, or the file error that stopped
    /// it; throws when the body broke off (its caller removes the file).
    static func receive(
        _ answer: HTTPStreamedAnswer, into file: URL, progress: @Sendable (TransferProgress) -> Void
    ) async throws(HTTPExchangeError) -> Result<TransportResponse, DownloadError> {
        let headers = HTTPHeaders(answer.headers.map { HTTPHeaders.Field(name: $0.name, value: $0.value) })
        let response = TransportResponse(statusCode: answer.status, headers: headers)
        guard response.isSuccess else {
            var dropped = 0
            for try await part in answer.body {
                dropped += part.count
                if dropped > droppedBodyLimit { break }
            }
            return .success(response)
        }
        let handle: FileHandle
        switch PrivateFiles.createEmptyFile(at: file) {
        case .success(let opened): handle = opened
        case .failure(let error): return .failure(.fileSystem(detail: error.detail))
        }
        // On a failure the handle closes as it goes (`closeOnDealloc`); a success closes it here.
        let expected = answer.announcedLength.map(Int64.init)
        var received: Int64 = 0
        for try await part in answer.body {
            do {
                try handle.write(contentsOf: part)
            } catch {
                return .failure(.fileSystem(detail: "cannot write \(file.path): \(error)"))
            }
            received += Int64(part.count)
            progress(TransferProgress(received: received, expected: expected))
        }
        do {
            try handle.close()
        } catch {
            return .failure(.fileSystem(detail: "cannot close \(file.path): \(error)"))
        }
        return .success(response)
    }
}
