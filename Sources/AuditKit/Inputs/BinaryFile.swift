import AppBundle

/// A Mach-O binary of a built app: the main executable, an app extension's, or an
/// embedded framework's, with its images (one per architecture) as ``MachOFile`` parsed
/// them.
public struct BinaryFile: Sendable {
    /// The path inside the scanned app (`App.ipa!/Payload/Bank.app/Bank`).
    public let path: String
    /// The images, one per architecture.
    public let images: [MachOImage]
    /// Whether it is the app's main executable (named by `CFBundleExecutable` of the app's
    /// Info.plist) or an app extension's.
    public let isExecutable: Bool
    /// The C strings of every image once each (the first image's place for each), in file
    /// order: what the rules that read strings share, found once.
    public let cStrings: [MachOImage.CString]

    /// A binary at `path` with these images.
    public init(path: String, images: [MachOImage], isExecutable: Bool) {
        self.path = path
        self.images = images
        self.isExecutable = isExecutable
        var seen: Set<String> = []
        cStrings = images.flatMap(\.cStrings).filter { seen.insert($0.text).inserted }
    }
}
