import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts a child's output into lines on a dedicated thread (a blocking `read` must never hold one
/// of Swift's cooperative threads), holding at most `maxLineBytes` of one line: a longer line is
/// reported as `.tooLong` once and its bytes are dropped up to its newline, so a child that
/// writes hundreds of megabytes without a newline costs Primer no more than the limit.
enum LineReader {
    enum Piece: Equatable, Sendable {
        /// One line, without its newline or a trailing carriage return.
        case line(String)
        /// A line longer than the limit (its bytes were dropped).
        case tooLong
    }

    /// Reads `handle` until end of file, calling `piece` for each line and `end` once at the end.
    static func start(
        reading handle: FileHandle, name: String, maxLineBytes: Int,
        piece: @escaping @Sendable (Piece) -> Void, end: @escaping @Sendable () -> Void
    ) {
        let thread = Thread {
            var splitter = LineSplitter(maxLineBytes: maxLineBytes)
            let fd = handle.fileDescriptor
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                splitter.feed(chunk[0..<count], piece)
            }
            splitter.finish(piece)
            try? handle.close()
            end()
        }
        thread.name = name
        thread.start()
    }
}

/// The line splitting of `LineReader`, apart from the thread and the file (tests feed it bytes).
struct LineSplitter {
    let maxLineBytes: Int
    /// The start of the line being read.
    private var pending: [UInt8] = []
    /// True while dropping the rest of a line that was too long.
    private var discarding = false

    init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    mutating func feed(_ bytes: ArraySlice<UInt8>, _ piece: (LineReader.Piece) -> Void) {
        var bytes = bytes
        if discarding {
            guard let newline = bytes.firstIndex(of: 0x0A) else { return }
            discarding = false
            bytes = bytes[(newline + 1)...]
        }
        while let newline = bytes.firstIndex(of: 0x0A) {
            if pending.count + (newline - bytes.startIndex) > maxLineBytes + 1 {
                pending.removeAll()
                piece(.tooLong)
            } else if pending.isEmpty {
                emit(bytes[..<newline], piece)
            } else {
                pending.append(contentsOf: bytes[..<newline])
                emit(pending[...], piece)
                pending.removeAll(keepingCapacity: true)
            }
            bytes = bytes[(newline + 1)...]
        }
        // No newline in the rest: the start of a line that continues in the next read.
        // (`+ 1` leaves room for the carriage return that `emit` drops.)
        if pending.count + bytes.count > maxLineBytes + 1 {
            pending = []
            discarding = true
            piece(.tooLong)
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    /// The last line, when the output did not end with a newline.
    mutating func finish(_ piece: (LineReader.Piece) -> Void) {
        if !pending.isEmpty { emit(pending[...], piece) }
        pending = []
    }

    private func emit(_ bytes: ArraySlice<UInt8>, _ piece: (LineReader.Piece) -> Void) {
        var bytes = bytes
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        guard bytes.count <= maxLineBytes else { return piece(.tooLong) }
        piece(.line(String(decoding: bytes, as: UTF8.self)))
    }
}
