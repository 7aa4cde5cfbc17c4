import Foundation
import PrimerCore
import PrimerProcess

/// Decompresses a zstd file with the `zstd` program (Debian's `zstd`), as `pdftotext` reads PDFs:
/// the output is read from a pipe (`ProcessRunner.stream`) and counted, and the program is stopped past `limit` bytes, so
/// a small file that expands to terabytes fills neither memory nor disk.
enum ZstdFile {
    static func decompress(_ source: URL, to target: URL, name: String, limit: Int, tools: ToolLocator) async throws {
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
        let counter = WrittenBytes()
        let status: Int32
        do {
            status = try await ProcessRunner.stream(zstd, arguments: ["-d", "-c", "-q", "--", source.path], timeout: .seconds(300)) { chunk in
                // Past the limit the stream stops, and the runner stops zstd with it.
                guard counter.add(chunk.count) <= limit else { throw ZstdOverLimit() }
                try output.write(contentsOf: Data(chunk))
            }
        } catch is ZstdOverLimit {
            throw ImportError(.tooLarge, "\(name): its collection unpacks to more than \(limit / (1024 * 1024)) MB, which Primer does not import")
        } catch let error as ProcessRunError {
            throw ImportError(.malformed, "\(name): unpacking its collection failed (\(error)); export it again from Anki")
        } catch let error as CocoaError {
            throw ImportError(.unreadable, "cannot write the unpacked collection of \(name) (\(error.code)); free some disk space")
        }
        guard status == 0 else {
            throw ImportError(.malformed, "\(name): its collection.anki21b is not valid zstd (a damaged package); export it again from Anki")
        }
    }
}

private struct ZstdOverLimit: Error {}

/// Bytes written so far, counted from the runner's reading task.
private final class WrittenBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0

    func add(_ count: Int) -> Int { lock.withLock { total += count; return total } }
}
