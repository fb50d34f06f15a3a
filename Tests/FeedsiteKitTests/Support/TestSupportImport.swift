// Every file of this target sees the shared helpers (TemporaryFolder, TemporarySite,
// RepositoryPaths, RawHTTPClient) without importing FeedsiteTestSupport itself.
@_exported import FeedsiteTestSupport
