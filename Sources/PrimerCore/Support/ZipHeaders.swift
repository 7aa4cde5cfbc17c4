import Foundation

/// Checks the sizes and offsets a zip file (a .docx, an Anki package) declares before the zip
/// library reads it. ZIPFoundation converts a ZIP64 offset or size to `Int64`/`off_t` after a
/// check against `UInt64.max` that never fails, so a 100-byte file declaring an offset of 2^63
/// traps inside `Archive(url:)`. Every offset and size here must lie inside the file (sizes of
/// what an entry unpacks to are bounded by the caller's own limits later).
public enum ZipHeaders {
    /// nil when the declared sizes are sane, else what is wrong with them.
    public static func problem(in url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }  // the library says why it cannot read it
        defer { try? handle.close() }
        guard let fileSize = try? handle.seekToEnd(), let size = UntrustedSize.int(fileSize) else { return "it cannot be measured" }
        // The end-of-central-directory record: in the last 22 + 65,535 bytes.
        let tailLength = min(size, 22 + 65_535)
        guard (try? handle.seek(toOffset: UInt64(size - tailLength))) != nil, let tail = try? handle.read(upToCount: tailLength) else {
            return nil
        }
        let bytes = [UInt8](tail)
        // Every zip ends with this record (within a comment's length of the end); ZIPFoundation
        // would search the whole file for one, and trust what it finds.
        guard bytes.count >= 22, let end = (0...(bytes.count - 22)).reversed().first(where: { le(bytes, $0, 4) == 0x0605_4B50 }) else {
            return "not a zip archive"
        }
        var directoryOffset = le(bytes, end + 16, 4)
        var directorySize = le(bytes, end + 12, 4)
        // A ZIP64 locator just before it: ZIPFoundation reads the ZIP64 record (64-bit values) 56
        // bytes before the locator, whatever offset the locator states; both must agree.
        let locator = end - 20
        if locator >= 0, le(bytes, locator, 4) == 0x0706_4B50 {
            let stated = le(bytes, locator + 8, 8)
            let recordAt = size - tailLength + locator - 56
            guard recordAt >= 0, stated == UInt64(recordAt), let record = read(handle, at: stated, count: 56), le(record, 0, 4) == 0x0606_4B50
            else { return "its ZIP64 record is not where its locator says" }
            directorySize = le(record, 40, 8)
            directoryOffset = le(record, 48, 8)
        }
        guard directoryOffset <= UInt64(size), directorySize <= UInt64(size) - directoryOffset else {
            return "its central directory lies outside the file"
        }
        if directorySize == 0 { return nil }
        guard directorySize <= 64 << 20, let directory = read(handle, at: directoryOffset, count: Int(directorySize)) else {
            return "its central directory is larger than Primer reads"
        }
        return entriesProblem(directory, fileSize: UInt64(size))
    }

    /// Each central-directory entry: its local header inside the file, its sizes below 2^62.
    private static func entriesProblem(_ directory: [UInt8], fileSize: UInt64) -> String? {
        var index = 0
        while index + 46 <= directory.count, le(directory, index, 4) == 0x0201_4B50 {
            var compressed = le(directory, index + 20, 4)
            var uncompressed = le(directory, index + 24, 4)
            var offset = le(directory, index + 42, 4)
            let nameLength = Int(le(directory, index + 28, 2))
            let extraLength = Int(le(directory, index + 30, 2))
            let commentLength = Int(le(directory, index + 32, 2))
            let extraStart = index + 46 + nameLength
            guard extraStart + extraLength <= directory.count else { return "an entry of its central directory is cut short" }
            // The ZIP64 extra field (id 1) holds, in order, the values whose 32-bit field is all ones.
            var field = extraStart
            while field + 4 <= extraStart + extraLength {
                let id = le(directory, field, 2)
                let length = Int(le(directory, field + 2, 2))
                guard field + 4 + length <= extraStart + extraLength else { break }
                if id == 1 {
                    var value = field + 4
                    for target in [0, 1, 2] where value + 8 <= field + 4 + length {
                        switch target {
                        case 0 where uncompressed == 0xFFFF_FFFF: uncompressed = le(directory, value, 8); value += 8
                        case 1 where compressed == 0xFFFF_FFFF: compressed = le(directory, value, 8); value += 8
                        case 2 where offset == 0xFFFF_FFFF: offset = le(directory, value, 8); value += 8
                        default: break
                        }
                    }
                }
                field += 4 + length
            }
            guard offset < fileSize, compressed <= fileSize, uncompressed < 1 << 62 else {
                return "an entry declares a size or an offset outside the file"
            }
            index = extraStart + extraLength + commentLength
        }
        return nil
    }

    private static func read(_ handle: FileHandle, at offset: UInt64, count: Int) -> [UInt8]? {
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count), data.count == count else { return nil }
        return [UInt8](data)
    }

    /// A little-endian unsigned value of `count` bytes at `start`.
    private static func le(_ bytes: [UInt8], _ start: Int, _ count: Int) -> UInt64 {
        (0..<count).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[start + $1]) }
    }
}
