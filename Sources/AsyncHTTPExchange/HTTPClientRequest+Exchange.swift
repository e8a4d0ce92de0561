import AsyncHTTPClient
import HTTPExchange
import NIOHTTP1

extension HTTPClientRequest {
    /// `request` as AsyncHTTPClient sends it: method, URL, headers in order, the body as bytes
    /// (which a redirect may send again).
    init(_ request: HTTPExchangeRequest) {
        self.init(url: request.url.absoluteString)
        method = HTTPMethod(rawValue: request.method)
        for field in request.headers { headers.add(name: field.name, value: field.value) }
        if let body = request.body { self.body = .bytes(body) }
    }
}
