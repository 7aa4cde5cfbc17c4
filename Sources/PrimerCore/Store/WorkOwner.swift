import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work that one run at a time may generate on a store: a subject's plan, the families of one
/// subtopic, or a server's generation job. Several processes (two `generate`s, overlapping
/// batches, machines sharing a database, servers on one store) claim work before they start it,
/// so none makes what another is making.
public enum WorkKey: Sendable, Hashable, CustomStringConvertible {
    case plan(subjectID: Int64)
    case subtopic(subtopicID: Int64)
    case job(id: Int64)

    public var description: String {
        switch self {
        case .plan(let id): "plan:\(id)"
        case .subtopic(let id): "subtopic:\(id)"
        case .job(let id): "job:\(id)"
        }
    }
}

/// The run holding a claim. The host and pid let a store on one machine take over the claim of
/// a process that died (kill -9) at once, instead of after the heartbeat goes stale.
public struct WorkOwner: Sendable, Equatable {
    public var id: String
    public var host: String
    public var pid: Int32

    public init(id: String, host: String, pid: Int32) {
        self.id = id
        self.host = host
        self.pid = pid
    }

    /// A new owner for one run of this process.
    public static func newRun() -> WorkOwner {
        WorkOwner(id: UUID().uuidString, host: hostName, pid: getpid())
    }

    /// Whether process `pid` of this machine still runs (a claim of a dead one is taken over).
    public static func processIsAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// `gethostname`, not `ProcessInfo.hostName`, which can wait on a DNS lookup.
    public static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
