import Foundation
import PrimerCore

/// Decompresses a zstd file with the `zstd` program (Debian's `zstd`), as `pdftotext` reads PDFs:
/// the output is read from a pipe and counted, and the program is stopped past `limit` bytes, so
/// a small file that expands to terabytes fills neither memory nor disk.
enum ZstdFile {
    static func decompress(_ source: URL, to target: URL, name: String, limit: Int, tools: ToolLocator) throws {
        guard let zstd = tools.find("zstd") else {
            throw ImportError(
                .toolMissing,
                "\(name) was written by Anki 2.1.50 or later, whose collection is zstd-compressed: install zstd (Debian: apt install zstd), "
                    + "or export it from Anki with \"Support older Anki versions\" ticked")
        }
        guard FileManager.default.createFile(atPath: target.path, contents: nil), let output = try? FileHandle(forWritingTo: target) else {
            throw ImportError(.unreadable, "cannot write a temporary file in \(target.deletingLastPathComponent().path)")
        }
        defer { try? output.close() }
        let pipe = Pipe()
        let process = Process()
        process.executableURL = zstd
        process.arguments = ["-d", "-c", "-q", "--", source.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var written = 0
        var overLimit = false
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            written += chunk.count
            if written > limit {
                overLimit = true
                process.terminate()
                break
            }
            do { try output.write(contentsOf: chunk) } catch {
                process.terminate()
                process.waitUntilExit()
                throw ImportError(.unreadable, "cannot write the unpacked collection of \(name) (\(error)); free some disk space")
            }
        }
        try? pipe.fileHandleForReading.close()
        process.waitUntilExit()
        if overLimit {
            throw ImportError(.tooLarge, "\(name): its collection unpacks to more than \(limit / (1024 * 1024)) MB, which Primer does not import")
        }
        guard process.terminationStatus == 0 else {
            throw ImportError(.malformed, "\(name): its collection.anki21b is not valid zstd (a damaged package); export it again from Anki")
        }
    }
}
