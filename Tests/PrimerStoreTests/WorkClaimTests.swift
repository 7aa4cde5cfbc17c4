import Foundation
import PrimerCore
import PrimerTestSupport
import Testing
@testable import PrimerStore

/// Claims decide which run generates a plan or a subtopic when several share a store.
@Suite struct WorkClaimTests {
    let here = WorkOwner.hostName

    @Test(arguments: Engine.allCases) func aLiveRunsClaimIsRefusedToOthersUntilReleased(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let first = WorkOwner(id: "run-1", host: here, pid: getpid())
        let second = WorkOwner(id: "run-2", host: here, pid: getpid())
        let work = WorkKey.subtopic(subtopicID: 7)
        #expect(try await store.claim(work, for: first, staleAfter: 30))
        #expect(try await store.claim(work, for: first, staleAfter: 30), "the holder may claim again")
        await #expect(try !store.claim(work, for: second, staleAfter: 30))
        #expect(try await store.claim(.subtopic(subtopicID: 8), for: second, staleAfter: 30), "other work is free")
        try await store.releaseClaim(work, of: second)  // not its claim: nothing happens
        await #expect(try !store.claim(work, for: second, staleAfter: 30))
        try await store.releaseClaim(work, of: first)
        #expect(try await store.claim(work, for: second, staleAfter: 30))
    }

    @Test func aClaimOfADeadProcessOnThisMachineIsTakenOverAtOnce() async throws {
        let folder = try TempFolder()
        let store = try folder.store()
        // A real process that has exited and been reaped: its pid names no live process.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        await TestPrograms.exit(of: child)
        let dead = WorkOwner(id: "killed", host: here, pid: child.processIdentifier)
        let work = WorkKey.plan(subjectID: 1)
        #expect(try await store.claim(work, for: dead, staleAfter: 30))
        #expect(try await store.claim(work, for: WorkOwner(id: "next", host: here, pid: getpid()), staleAfter: 30))
    }

    @Test(arguments: Engine.allCases) func anotherMachinesClaimHoldsUntilItsHeartbeatIsStale(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let remote = WorkOwner(id: "remote", host: "another-machine", pid: 1)
        let local = WorkOwner(id: "local", host: here, pid: getpid())
        let work = WorkKey.plan(subjectID: 1)
        #expect(try await store.claim(work, for: remote, staleAfter: 30))
        await #expect(try !store.claim(work, for: local, staleAfter: 30))
        try await store.renewClaims(of: remote)
        await #expect(try !store.claim(work, for: local, staleAfter: 30))
        // Seen from a run that calls a heartbeat older than 0 s stale.
        #expect(try await store.claim(work, for: local, staleAfter: 0))
    }
}
