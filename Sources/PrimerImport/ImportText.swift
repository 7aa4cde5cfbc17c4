import Foundation

/// A text file to import, read whole within the size limit and checked to be UTF-8 (a byte
/// order mark is dropped). A broken encoding names its line, so the learner can find it.
enum ImportText {
    static func read(_ url: URL, limits: ImportLimits) throws -> String {
        let name = url.lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        guard let size else { throw ImportError(.unreadable, "\(url.path) cannot be read; check the path") }
        guard size <= limits.textBytes else {
            throw ImportError(.tooLarge, "\(name) is \(size / (1024 * 1024)) MB; a text file to import is at most \(limits.textBytes / (1024 * 1024)) MB: split it")
        }
        guard var data = try? Data(contentsOf: url) else { throw ImportError(.unreadable, "\(url.path) cannot be read; check the path") }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            throw ImportError(.malformed, "\(name) is UTF-16; save it as UTF-8 (in a spreadsheet: CSV UTF-8) and import it again")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ImportError(.malformed, "\(name):\(firstInvalidLine(data)): not UTF-8 text; save the file as UTF-8 and import it again")
        }
        if text.contains("\0") { throw ImportError(.malformed, "\(name) holds NUL bytes: it is not a text file") }
        return text
    }

    /// The line (from 1) of the first byte that breaks UTF-8.
    static func firstInvalidLine(_ data: Data) -> Int {
        var line = 1
        var start = data.startIndex
        for (index, byte) in zip(data.indices, data) where byte == 0x0A {
            if String(validating: data[start..<index], as: UTF8.self) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }
}
