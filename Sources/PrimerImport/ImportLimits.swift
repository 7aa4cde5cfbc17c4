/// The limits a file to import is held to, so that a hostile file (a zip bomb, a row of a
/// gigabyte, millions of rows) gets an error instead of the machine's memory.
public struct ImportLimits: Sendable {
    /// A text file (CSV, TSV, Anki text), read whole.
    public var textBytes = 50 * 1024 * 1024
    /// An .apkg as it is on disk.
    public var packageBytes = 512 * 1024 * 1024
    /// The collection inside an .apkg once unpacked (zip or zstd).
    public var collectionBytes = 1024 * 1024 * 1024
    /// One field of a card.
    public var fieldBytes = 64 * 1024
    /// Cards in one import (notes in the collection: twice this).
    public var cards = 100_000
    /// Reviews in one import, and of one card.
    public var reviews = 5_000_000
    public var reviewsPerCard = 5_000

    public init() {}

    public static let standard = ImportLimits()
}
