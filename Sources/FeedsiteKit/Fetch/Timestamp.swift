#if canImport(Glibc)
import Glibc
#endif

/// Instants as RFC 3339 in UTC, to the second (`2026-12-01T00:51:00Z`), as snapshots keep them.
enum Timestamp {
    /// The current time.
    static var now: String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
