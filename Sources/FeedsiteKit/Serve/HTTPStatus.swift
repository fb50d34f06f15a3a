/// The HTTP statuses the preview server sends.
package enum HTTPStatus: Int, Sendable {
    case ok = 200
    case found = 302
    case badRequest = 400
    case notFound = 404
    case methodNotAllowed = 405
    case contentTooLarge = 413
    case uriTooLong = 414
    case headersTooLarge = 431
    case internalServerError = 500
    case serviceUnavailable = 503

    /// The reason phrase.
    package var reason: String {
        switch self {
        case .ok: "OK"
        case .found: "Found"
        case .badRequest: "Bad Request"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .contentTooLarge: "Content Too Large"
        case .uriTooLong: "URI Too Long"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .internalServerError: "Internal Server Error"
        case .serviceUnavailable: "Service Unavailable"
        }
    }
}
