/// What the text rules' ASCII fast paths ask of a byte, answered once here: each path reads
/// an ASCII text's bytes as its rule reads Characters or a regex, and these are the classes
/// where the two must agree.
package enum ASCIIByte {
    /// Unicode's white space within ASCII (`Character.isWhitespace`, a regex's `\s`): tab, line
    /// feed, vertical tab, form feed, carriage return, space. Not 0x1C–0x1F.
    @inlinable package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// A line break as a regex's `.` refuses it: line feed, vertical tab, form feed, carriage return.
    @inlinable package static func isLineBreak(_ byte: UInt8) -> Bool {
        (0x0A...0x0D).contains(byte)
    }

    /// A–Z or a–z (`Character.isLetter` within ASCII).
    @inlinable package static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// A–Z as a–z; every other byte as it is.
    @inlinable package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}

extension Sequence<UInt8> {
    /// Whether every byte is ASCII: the test each fast path passes before it reads a text's bytes.
    @inlinable package var allASCII: Bool { allSatisfy { $0 < 0x80 } }
}
