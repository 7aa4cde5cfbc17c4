import Foundation
import PrimerCore
import PrimerProviders
import Testing
import Yams

@Suite struct PrimerConfigTests {
    static let file = URL(fileURLWithPath: "/home/ada/project/primer.yaml")
    static let yaml = """
        provider: fast
        store: kits.sqlite
        plugins: [plugins, /opt/shared-plugins]
        profiles:
          fast:
            provider: mock
            model: mock-9
            temperature: 0.1
            max_tokens: 300
            limits: {concurrent_requests: 8, requests_per_minute: 120}
            settings: {seed: 99}
        """

    @Test func parsesDefaultsAndProfiles() throws {
        let config = try PrimerConfig.parse(yaml: Self.yaml, file: Self.file)
        #expect(config.provider == "fast")
        #expect(config.store == "/home/ada/project/kits.sqlite")
        #expect(config.plugins == ["/home/ada/project/plugins", "/opt/shared-plugins"])
        let profile = try #require(config.profiles["fast"])
        #expect(profile.provider == "mock")
        #expect(profile.model == "mock-9")
        #expect(profile.temperature == 0.1)
        #expect(profile.maxTokens == 300)
        #expect(profile.limits == ProviderLimits(concurrentRequests: 8, requestsPerMinute: 120))
    }

    @Test func studySettingsReachTheScheduler() throws {
        let defaults = try PrimerConfig.parse(yaml: Self.yaml, file: Self.file).study.scheduler
        #expect(defaults.desiredRetention == 0.9 && defaults.learningSteps == [60, 600] && defaults.relearningSteps == [600])
        #expect(defaults.maximumInterval == 36_500 && defaults.fuzz)
        let set = try PrimerConfig.parse(
            yaml: "study: {desired_retention: 0.85, learning_steps: [2, 20, 60], relearning_steps: [5], maximum_interval: 365, fuzz: false}",
            file: Self.file).study.scheduler
        #expect(set.desiredRetention == 0.85 && set.learningSteps == [120, 1200, 3600] && set.relearningSteps == [300])
        #expect(set.maximumInterval == 365 && !set.fuzz)
        let policy = try PrimerConfig.parse(yaml: "study: {quiz_pass_percent: 80, leech_lapses: 4}", file: Self.file).study
        #expect(policy.quizPassPercent == 80 && policy.leechLapses == 4)
        #expect(try PrimerConfig.parse(yaml: Self.yaml, file: Self.file).study.quizPassPercent == 70)
        for (yaml, says) in [
            ("study: {desired_retention: 1.5}", "study.desired_retention"),
            ("study: {fuzz: sometimes}", "study.fuzz"),
            ("study: {learning_step: [1]}", "learning_step"),
            ("study: {learning_steps: [0]}", "at least 1"),
            ("study: {quiz_pass_percent: 120}", "study.quiz_pass_percent"),
            ("study: {leech_lapses: 0}", "at least 1"),
        ] {
            let error = try #require(throws: ProviderConfigError.self) { try PrimerConfig.parse(yaml: yaml, file: Self.file) }
            #expect(error.description.contains("primer.yaml") && error.description.contains(says), "\(yaml): \(error)")
        }
    }

    @Test func profileOverridesTheManifest() throws {
        let config = try PrimerConfig.parse(yaml: Self.yaml, file: Self.file)
        let manifest = try ProviderManifest.parse(
            yaml: "name: mock\nadapter: mock\nmodel: mock-1\nsettings: {seed: 42, style: varied}\n", file: URL(fileURLWithPath: "/p/mock.yaml"))
        let resolver = ProviderResolver(registry: try ProviderRegistry(manifests: [manifest]), config: config)
        let applied = try resolver.manifest(named: "fast")
        #expect(applied.name == "fast")
        #expect(applied.model == "mock-9")
        #expect(applied.limits.concurrentRequests == 8)
        #expect(applied.settings["seed"]?.int == 99)
        #expect(applied.settings["style"]?.string == "varied", "settings not named by the profile are kept")

        let provider = try resolver.makeProvider(named: "fast", environment: [:])
        #expect(provider.name == "fast")
        #expect(provider.model == "mock-9")
        #expect(resolver.chosenName(flag: nil, environment: [:], fallback: "mock") == "fast")
        #expect(resolver.chosenName(flag: nil, environment: ["PRIMER_PROVIDER": "mock"], fallback: "x") == "mock")
        #expect(resolver.chosenName(flag: "other", environment: ["PRIMER_PROVIDER": "mock"], fallback: "x") == "other")
        #expect(resolver.names == ["fast", "mock"])
    }

    @Test func badConfigsSayWhatIsWrong() throws {
        #expect(throws: ProviderConfigError.self) { try PrimerConfig.parse(yaml: "providr: mock\n", file: Self.file) }
        let missing = #expect(throws: ProviderConfigError.self) {
            try PrimerConfig.parse(yaml: "profiles:\n  fast:\n    model: x\n", file: Self.file)
        }
        #expect(missing?.description.contains("profiles.fast.provider") == true)
        let unknownBase = try PrimerConfig.parse(yaml: "profiles:\n  fast:\n    provider: nope\n", file: Self.file)
        let resolver = ProviderResolver(registry: try ProviderRegistry(manifests: []), config: unknownBase)
        #expect(throws: ProviderConfigError.self) { try resolver.manifest(named: "fast") }
    }
}
