import Foundation
@_spi(Generated) import OpenAPIRuntime
import PrimerCore

/// Watches a multipart/form-data body as it streams in, in one pass: a part's header block may
/// be at most `maxHeaderBytes` and a form at most `maxParts` parts. The OpenAPI runtime's parser
/// rescans a part's headers from their start on every chunk (4 MB of headers once held every
/// route for 15 s); bounded here, before it sees them, its work stays small.
struct MultipartScan: Sendable {
    static let maxHeaderBytes = 8 * 1024
    static let maxParts = 16

    /// "\r\n--boundary": what starts every part but the first (the body starts as if after a CRLF).
    private let delimiter: [UInt8]
    /// Knuth–Morris–Pratt's failure table of `delimiter`, so no byte is looked at twice.
    private let fallback: [Int]
    private var matched = 2
    private var inHeaders = false
    private var headerBytes = 0
    private var blankRun = 0
    private var parts = 0
    private var finished = false

    /// nil for a body that is not a form with a boundary. The boundary is the one the runtime's
    /// parser will look for, read by the runtime's own code: a scan that looked for another
    /// (quotes, spaces, a second `boundary=`) would never see a part and bound nothing.
    init?(contentType: String) {
        // Every request with a body passes here; only a type that names a boundary is parsed.
        guard contentType.lowercased().contains(exactly: "boundary"),
            let boundary = try? OpenAPIMIMEType(contentType).requiredBoundary(), !boundary.isEmpty else { return nil }
        delimiter = Array("\r\n--\(boundary)".utf8)
        var table = [Int](repeating: 0, count: delimiter.count)
        var k = 0
        for i in 1..<delimiter.count {
            while k > 0 && delimiter[i] != delimiter[k] { k = table[k - 1] }
            if delimiter[i] == delimiter[k] { k += 1 }
            table[i] = k
        }
        fallback = table
    }

    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws where Bytes.Element == UInt8 {
        let blankLine: [UInt8] = [13, 10, 13, 10]
        for byte in bytes where !finished {
            if inHeaders {
                headerBytes += 1
                // "--" right after a delimiter closes the form.
                if headerBytes == 2, byte == UInt8(ascii: "-"), blankRun == 0, lastWasDash {
                    finished = true
                    continue
                }
                lastWasDash = headerBytes == 1 && byte == UInt8(ascii: "-")
                blankRun = byte == blankLine[blankRun] ? blankRun + 1 : (byte == 13 ? 1 : 0)
                if blankRun == 4 {
                    inHeaders = false
                    blankRun = 0
                    matched = 0
                } else if headerBytes > Self.maxHeaderBytes {
                    throw APIError(.tooLarge, "A part of the form has more than \(Self.maxHeaderBytes / 1024) KB of headers; send the file with short headers.")
                }
            } else {
                while matched > 0 && delimiter[matched] != byte { matched = fallback[matched - 1] }
                if delimiter[matched] == byte { matched += 1 }
                if matched == delimiter.count {
                    parts += 1
                    matched = 0
                    inHeaders = true
                    headerBytes = 0
                    blankRun = 0
                    // The closing delimiter is matched here too: one more than the parts.
                    if parts > Self.maxParts + 1 {
                        throw APIError(.tooLarge, "The form has more than \(Self.maxParts) parts; send one document in a part named file.")
                    }
                }
            }
        }
    }

    private var lastWasDash = false
}
