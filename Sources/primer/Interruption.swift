import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (and, for a worker, SIGTERM) for a command that stops cleanly (`batch`, `worker`): the
/// first signal calls `stop` — the command starts nothing new, lets what runs finish or be
/// cancelled, and still writes what it must (the report) — and a second one exits at once with
/// status 128 + the signal (130 for Ctrl-C, the shell's code for an interrupted command).
final class Interruption: @unchecked Sendable {
    /// The exit status of a command stopped by Ctrl-C.
    static let exitStatus: Int32 = 130

    private let signals: [Int32]
    private let sources: [DispatchSourceSignal]
    private let lock = NSLock()
    private var count = 0

    /// Takes over `signals` until `restore()`; `stop` runs on the first one.
    init(signals: [Int32] = [SIGINT], message: String, again: String = "Press Ctrl-C again to quit at once.", stop: @escaping @Sendable () -> Void) {
        self.signals = signals
        let lock = lock
        var sources: [DispatchSourceSignal] = []
        for number in signals {
            // Ignored by the default handler so that the dispatch source alone sees it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            sources.append(source)
        }
        self.sources = sources
        for (number, source) in zip(signals, sources) {
            source.setEventHandler { [unowned self] in
                let first = lock.withLock {
                    self.count += 1
                    return self.count == 1
                }
                guard first else { exit(128 + number) }
                Console.error("\n" + message + " " + again + "\n")
                stop()
            }
            source.resume()
        }
    }

    /// Whether a signal arrived.
    var interrupted: Bool { lock.withLock { count > 0 } }

    /// Gives the signals back to their default action (the command ends with them).
    func restore() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
