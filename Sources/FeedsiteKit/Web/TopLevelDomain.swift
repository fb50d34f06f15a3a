/// The top-level domains a URL written in a post's text may end with, as X's twitter-text library
/// recognises them: every delegated two-letter country code, the generic domains most often seen in
/// posts, and any punycode (`xn--…`) domain. twitter-text knows all of IANA's ~1,500 generic domains;
/// a URL ending in one that is not listed here (`example.ieee`) is counted as text, not as a link.
package enum TopLevelDomain {
    /// Whether `label` (ASCII, any case) is a top-level domain.
    package static func isKnown(_ label: some StringProtocol) -> Bool {
        let lower = label.lowercased()
        if lower.hasPrefix("xn--") { return lower.count > 4 }
        return isCountryCode(lower) || generic.contains(lower)
    }

    /// Whether `label` (lower case) is a delegated two-letter country-code domain.
    package static func isCountryCode(_ label: String) -> Bool {
        let bytes = Array(label.utf8)
        guard bytes.count == 2, let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
        let seconds = countryCodes[Int(first - UInt8(ascii: "a"))]
        return seconds.utf8.contains(bytes[1])
    }
}

private extension TopLevelDomain {
    /// For each first letter a-z, the second letters of the country codes that start with it
    /// (`ac ad ae …` is "a" + "cdefgilmoqrstuwxz").
    static let countryCodes: [String] = [
        "cdefgilmoqrstuwxz", "abdefghijmnorstvwyz", "acdfghiklmnoruvwxyz", "ejkmoz", "cegrstu", "ijkmor",
        "abdefghilmnpqrstuwy", "kmnrtu", "delmnoqrst", "emop", "eghimnprwyz", "abcikrstuvy", "acdeghklmnopqrstuvwxyz",
        "acefgilopruz", "m", "aefghklmnrstwy", "a", "eosuw", "abcdeghijklmnorstuvxyz", "cdfghjklmnortvwz", "agkmsyz",
        "aceginu", "fs", "", "et", "amw",
    ]

    /// The generic top-level domains recognised (a subset of twitter-text's list: see the type's summary).
    static let generic: Set<String> = [
        "academy", "aero", "agency", "app", "art", "asia", "audio", "biz", "blog", "cafe", "cat", "center", "city", "click",
        "cloud", "club", "codes", "com", "community", "company", "coop", "design", "dev", "digital", "edu", "email", "eus",
        "events", "fun", "gay", "global", "gov", "group", "guru", "info", "int", "jobs", "lgbt", "life", "link", "live",
        "lol", "love", "media", "mil", "mobi", "moe", "museum", "name", "net", "network", "news", "ninja", "one", "online",
        "org", "page", "photo", "photos", "pics", "pizza", "post", "pro", "rocks", "run", "services", "shop", "site",
        "social", "solutions", "space", "store", "studio", "systems", "team", "tech", "tel", "today", "tools", "travel",
        "tube", "video", "vip", "website", "wiki", "work", "works", "world", "wtf", "xxx", "xyz", "zone",
    ]
}
