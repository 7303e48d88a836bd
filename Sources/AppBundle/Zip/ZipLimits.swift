/// The bounds an archive must stay within before anything in it is read: an `.ipa` from
/// an untrusted source is input like any other.
public struct ZipLimits: Sendable, Hashable {
    /// The most entries an archive may have.
    public var maximumEntries: Int
    /// The largest uncompressed size of one entry the audit reads.
    public var maximumEntrySize: Int
    /// The largest sum of the uncompressed sizes of all entries.
    public var maximumTotalSize: Int
    /// The largest ratio of uncompressed to compressed size of an entry larger than
    /// ``ratioThreshold`` (deflate reaches about 1,000:1 only on degenerate input such as
    /// a zip bomb's runs of zeros; real app bundles stay well under 100:1).
    public var maximumRatio: Int
    /// Entries smaller than this are not held to ``maximumRatio``.
    public var ratioThreshold: Int

    /// Limits for an app archive: 200,000 entries, 512 MiB per entry, 4 GiB in all, and
    /// 200:1 for entries over 1 MiB.
    public static let appArchive = ZipLimits(
        maximumEntries: 200_000, maximumEntrySize: 512 << 20, maximumTotalSize: 4 << 30, maximumRatio: 200, ratioThreshold: 1 << 20)

    /// Limits with the given bounds.
    public init(maximumEntries: Int, maximumEntrySize: Int, maximumTotalSize: Int, maximumRatio: Int, ratioThreshold: Int) {
        self.maximumEntries = maximumEntries
        self.maximumEntrySize = maximumEntrySize
        self.maximumTotalSize = maximumTotalSize
        self.maximumRatio = maximumRatio
        self.ratioThreshold = ratioThreshold
    }
}
