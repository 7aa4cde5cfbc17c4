import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C for a command that stops cleanly (`batch`): the first SIGINT calls `stop` — the command
/// starts nothing new, lets what runs be cancelled, and still writes what it must (the report) —
/// and a second SIGINT exits at once with status 130, the shell's code for an interrupted command.
final class Interruption: @unchecked Sendable {
    /// The exit status of a command stopped by Ctrl-C.
    static let exitStatus: Int32 = 130

    private let source: DispatchSourceSignal
    private let lock = NSLock()
    private var count = 0

    /// Takes over SIGINT until `restore()`; `stop` runs on the first one.
    init(message: String, stop: @escaping @Sendable () -> Void) {
        // Ignored by the default handler so that the dispatch source alone sees it.
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [lock] in
            let first = lock.withLock {
                self.count += 1
                return self.count == 1
            }
            guard first else { exit(Self.exitStatus) }
            Console.error("\n" + message + " Press Ctrl-C again to quit at once.\n")
            stop()
        }
        source.resume()
    }

    /// Whether a SIGINT arrived.
    var interrupted: Bool { lock.withLock { count > 0 } }

    /// Gives SIGINT back to its default action (the command ends with it).
    func restore() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
