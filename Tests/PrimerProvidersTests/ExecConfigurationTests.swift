import Foundation
import PrimerCore
import Testing

@testable import PrimerProviders

@Suite struct ExecConfigurationTests {
    func configuration(_ settings: String, files: [String: String] = [:]) throws -> (ExecConfiguration, ProviderManifest) {
        let folder = try ExecFixture.folder(manifest: settings, files: files)
        let manifest = try ExecFixture.manifest(in: folder)
        return (try ExecConfiguration(settings: manifest.settingsReader), manifest)
    }

    @Test func readsEverySetting() throws {
        let (config, _) = try configuration(
            """
            command: [python3, provider.py, --fast]
            env: {MODEL_PATH: /models/x.gguf, THREADS: 4}
            pass_env: [OPENAI_API_KEY]
            timeout_seconds: 2.5
            startup_timeout_seconds: 90
            """)
        #expect(config.command == ["python3", "provider.py", "--fast"])
        #expect(config.env == ["MODEL_PATH": "/models/x.gguf", "THREADS": "4"])
        #expect(config.passEnv == ["OPENAI_API_KEY"])
        #expect(config.timeoutSeconds == 2.5)
        #expect(config.startupTimeoutSeconds == 90)
    }

    @Test func defaults() throws {
        let (config, _) = try configuration("command: [cat]")
        #expect(config.env.isEmpty)
        #expect(config.passEnv.isEmpty)
        #expect(config.timeoutSeconds == ExecConfiguration.defaultTimeout)
        #expect(config.startupTimeoutSeconds == ExecConfiguration.defaultStartupTimeout)
    }

    @Test func badSettingsNameTheFileAndKey() throws {
        let missing = try #require(configError { _ = try configuration("timeout_seconds: 5") })
        #expect(missing.description.contains("settings.command"))
        #expect(missing.description.contains("scripted.yaml"))

        let unknown = try #require(configError { _ = try configuration("command: [cat]\ntimeout: 5") })
        #expect(unknown.description.contains("settings.timeout"))
        #expect(unknown.description.contains("timeout_seconds"))

        let zero = try #require(configError { _ = try configuration("command: [cat]\ntimeout_seconds: 0") })
        #expect(zero.description.contains("timeout_seconds"))

        let env = try #require(configError { _ = try configuration("command: [cat]\nenv: [A, B]") })
        #expect(env.description.contains("settings.env"))
    }

    @Test func onlyListedVariablesReachTheChild() {
        let config = ExecConfiguration(command: ["x"], env: ["EXTRA": "1", "LANG": "C"], passEnv: ["OPENAI_API_KEY", "ABSENT"])
        let child = config.childEnvironment(from: [
            "PATH": "/bin", "HOME": "/home/me", "LANG": "en_US.UTF-8", "OPENAI_API_KEY": "sk", "PERPLEXITY_API_KEY": "pk",
            "AWS_SECRET_ACCESS_KEY": "aws",
        ])
        #expect(child == ["PATH": "/bin", "HOME": "/home/me", "LANG": "C", "OPENAI_API_KEY": "sk", "EXTRA": "1"])
        #expect(ExecConfiguration(command: ["x"]).childEnvironment(from: [:])["PATH"] != nil)
    }

    @Test func relativePathsResolveAgainstTheManifestFolderFirst() throws {
        let (config, manifest) = try configuration(
            "command: [./run.sh, script.py, --flag, data/other.txt]",
            files: ["run.sh": "#!/bin/sh\n", "script.py": ""])
        let folder = manifest.file.deletingLastPathComponent().standardizedFileURL.path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/run.sh")
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("primer-exec-cwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("data"), withIntermediateDirectories: true)
        try "".write(to: elsewhere.appendingPathComponent("data/other.txt"), atomically: true, encoding: .utf8)

        let (executable, arguments) = try config.resolvedCommand(
            provider: "scripted", manifestFile: manifest.file, manifestLine: 5, path: "/usr/bin:/bin",
            currentDirectory: elsewhere.path)
        #expect(executable.path == folder + "/run.sh")
        #expect(arguments == [folder + "/script.py", "--flag", elsewhere.standardizedFileURL.path + "/data/other.txt"])

        // A bare name is looked up on PATH.
        let (sh, _) = try ExecConfiguration(command: ["sh"]).resolvedCommand(
            provider: "p", manifestFile: manifest.file, manifestLine: nil, path: "/nonexistent:/bin:/usr/bin")
        #expect(sh.lastPathComponent == "sh")
    }

    @Test func registryKnowsTheExecAdapter() {
        #expect(ProviderRegistry.builtInAdapterNames.contains("exec"))
    }
}
