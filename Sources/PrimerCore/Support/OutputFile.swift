import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a file the user named (`export --out`, `batch --report`, eval results) without harming
/// what is there.
///
/// Why: writing straight to the path replaced whatever it named — a symbolic link or a FIFO
/// became a regular file, and as root `--out /dev/full` replaced the device file. So:
/// - a target that exists and is not a regular file (symbolic link, FIFO, device, socket,
///   directory) is refused with an `OutputFileError` before anything is written;
/// - otherwise the bytes go to a new temporary file in the same folder, which is then renamed
///   over the target: a failed write leaves the old file as it was, and a reader never sees half
///   a file. A replaced file keeps its permissions.
public enum OutputFile {
    /// Writes `data` to `url` (see the type's rules).
    public static func write(_ data: Data, to url: URL) throws {
        try write(to: url) { temporary in
            do { try data.write(to: temporary) } catch { throw OutputFileError.writeFailed(path: url.path, reason: reason(error)) }
        }
    }

    /// For writers that make the file themselves (a zip): `body` writes to the temporary path it
    /// is given, which does not exist yet; the result then replaces `url`.
    public static func write(to url: URL, with body: (URL) throws -> Void) throws {
        let existing = try checkTarget(url)
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).primer-\(UUID().uuidString).tmp")
        do {
            try body(temporary)
            if let mode = existing { chmod(temporary.path, mode) }
            guard rename(temporary.path, url.path) == 0 else {
                throw OutputFileError.writeFailed(path: url.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Refuses a target that exists and is not a regular file, or whose folder does not exist.
    /// Returns the permissions of the regular file there (nil when there is none). Call it early
    /// too, so a long run learns of a bad path before it starts.
    @discardableResult
    public static func checkTarget(_ url: URL) throws -> mode_t? {
        var info = stat()
        if lstat(url.path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            guard type == S_IFREG else { throw OutputFileError.notRegularFile(path: url.path, kind: kind(type)) }
            return info.st_mode & 0o7777
        }
        guard errno == ENOENT else {
            throw OutputFileError.writeFailed(path: url.path, reason: String(cString: strerror(errno)))
        }
        var isDirectory: ObjCBool = false
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OutputFileError.noFolder(path: url.path, folder: folder)
        }
        return nil
    }

    static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "a device file"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "not a regular file"
        }
    }

    static func reason(_ error: Error) -> String {
        (error as NSError).localizedDescription
    }
}

public enum OutputFileError: Error, Equatable, CustomStringConvertible {
    case notRegularFile(path: String, kind: String)
    case noFolder(path: String, folder: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .notRegularFile(let path, let kind):
            "\(path) is \(kind), not a regular file; Primer only writes regular files and left it as it is: "
                + "choose another path, or remove it first if you mean to replace it"
        case .noFolder(let path, let folder):
            "cannot write \(path): the folder \(folder) does not exist; create it or choose another path"
        case .writeFailed(let path, let reason):
            "could not write \(path): \(reason); any file that was there is unchanged"
        }
    }
}
