import Foundation

/// Single key presses from the terminal: standard input in non-canonical mode without echo,
/// restored on `restore()` (and by `defer` in every session). Ctrl-C and Ctrl-D arrive as keys
/// (ISIG off) so a session can stop cleanly and leave the terminal as it found it.
final class TerminalKeys {
    private var original = termios()

    /// Refuses when standard input is not a terminal: sessions are for people; scripts use
    /// `review next`/`review rate` and `quiz --answers`.
    init(command: String) throws {
        guard isatty(STDIN_FILENO) != 0 else {
            throw CLIError("primer \(command) reads keys from a terminal; in a script use `primer review next`/`primer review rate`, or `primer quiz --answers`")
        }
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    }

    func restore() {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    /// The next key, lowercased; nil at end of input. Ctrl-C and Ctrl-D read as "q".
    func next() -> Character? {
        fflush(nil)  // every output stream: what was printed shows before the wait
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count <= 0 { return nil }
            switch byte {
            case 3, 4: return "q"
            case 27: continue  // the start of an arrow key or other sequence: ignored
            default: return Character(UnicodeScalar(byte)).lowercased().first
            }
        }
    }

    /// A line typed by the learner, echoed as it is typed (backspace deletes), up to Enter; nil
    /// at end of input or Ctrl-C. Printable ASCII only: answers are numbers and letters.
    func line(maxLength: Int = 200) -> String? {
        var text = ""
        while true {
            fflush(nil)
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
            switch byte {
            case 3, 4: return nil
            case 10, 13:
                Console.out("")
                return text
            case 8, 127:
                if !text.isEmpty {
                    text.removeLast()
                    print("\u{8} \u{8}", terminator: "")  // erase the last character: not text, so not through Console
                }
            case 32...126 where text.count < maxLength:
                let character = Character(UnicodeScalar(byte))
                text.append(character)
                Console.out(String(character), terminator: "")
            default:
                continue
            }
        }
    }

    /// Waits for one of `keys`, ignoring others; nil at end of input.
    func next(oneOf keys: Set<Character>) -> Character? {
        while let key = next() {
            if keys.contains(key) { return key }
        }
        return nil
    }
}
