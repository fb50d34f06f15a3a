/// Where the media copies of a snapshots folder live.
extension SnapshotStore {
    /// The folder of the media copies, `media/` in the snapshots folder.
    package var mediaFolder: String {
        folder + "/media"
    }
}
