import Foundation
import Testing
@testable import PrimerCore

/// Writing a user-named file: only regular files are replaced, and only whole.
struct OutputFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("primer-outputfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aSymlinkAFIFOAndAFolderAreRefusedAndLeftAsTheyWere() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = dir.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: victim)
        let link = dir.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        let fifo = dir.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)

        for (target, kind) in [(link, "a symbolic link"), (fifo, "a FIFO (named pipe)"), (sub, "a folder")] {
            #expect(throws: OutputFileError.notRegularFile(path: target.path, kind: kind)) {
                try OutputFile.write(Data("new".utf8), to: target)
            }
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == victim.path)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try FileManager.default.attributesOfItem(atPath: sub.path)[.type] as? FileAttributeType == .typeDirectory)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["victim", "link", "fifo", "sub"])
    }

    @Test func aDeviceIsRefused() {
        #expect(throws: OutputFileError.notRegularFile(path: "/dev/null", kind: "a device file")) {
            try OutputFile.write(Data("x".utf8), to: URL(fileURLWithPath: "/dev/null"))
        }
    }

    @Test func aRegularFileIsReplacedAndAFailedWriteLeavesItIntact() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("out.txt")
        try Data("old".utf8).write(to: file)
        #expect(chmod(file.path, 0o640) == 0)
        try OutputFile.write(Data("new".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o640)

        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try OutputFile.write(to: file) { temporary in
                try Data("half".utf8).write(to: temporary)
                throw Boom()
            }
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
    }

    @Test func aMissingFolderIsNamed() {
        let url = URL(fileURLWithPath: "/nonexistent-primer-folder/out.csv")
        #expect(throws: OutputFileError.noFolder(path: url.path, folder: "/nonexistent-primer-folder")) {
            try OutputFile.write(Data(), to: url)
        }
    }
}
