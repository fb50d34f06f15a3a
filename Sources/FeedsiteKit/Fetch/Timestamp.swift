#if canImport(Glibc)
import Glibc
#endif

/// Instants as RFC 3339 in UTC, to the second (`2026-12-01T00:51:00Z`), as snapshots keep them.
enum Timestamp {
    /// The current time.
    static var now: String {
        let (date, time) = parts(of: time(nil))
        return date + "T" + time + "Z"
    }

    /// `seconds` since 1970 as people read it in messages: `2026-12-01 06:40:12 UTC`.
    static func readable(_ seconds: Int) -> String {
        let (date, time) = parts(of: time_t(seconds))
        return date + " " + time + " UTC"
    }
}

private extension Timestamp {
    /// The date (`2026-12-01`) and time of day (`06:40:12`) of `seconds` since 1970, in UTC.
    static func parts(of seconds: time_t) -> (date: String, time: String) {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return ("\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))", "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))")
    }
}
