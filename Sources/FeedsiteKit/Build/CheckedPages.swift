/// What the render-and-check phase hands to the verdict: each page's check result, and the pages
/// in which the check found something (kept to point findings at template lines; all other pages
/// are in the sink).
struct CheckedPages: Sendable {
    var results: [LinkChecker.PageResult] = []
    var withFindings: [SiteFile] = []
}
