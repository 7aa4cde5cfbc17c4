import Foundation

/// Where the store lives: the `--store` flag, then `PRIMER_STORE`, then a per-user default.
public enum StoreLocation {
    public enum Platform: Sendable { case linux, macOS }

    public static var currentPlatform: Platform {
        #if os(macOS)
        .macOS
        #else
        .linux
        #endif
    }

    public static func resolve(flag: String?, environment: [String: String]) -> String {
        resolve(flag: flag, environment: environment, platform: currentPlatform)
    }

    /// Linux: `$XDG_DATA_HOME/primer/primer.sqlite`, else `~/.local/share/primer/primer.sqlite`.
    /// macOS: `~/Library/Application Support/Primer/primer.sqlite`. A leading `~/` is expanded.
    public static func resolve(flag: String?, environment: [String: String], platform: Platform) -> String {
        let home = nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
        if let flag = nonEmpty(flag) { return expandTilde(flag, home: home) }
        if let env = nonEmpty(environment["PRIMER_STORE"]) { return expandTilde(env, home: home) }
        switch platform {
        case .macOS:
            return join(home, "Library/Application Support/Primer/primer.sqlite")
        case .linux:
            // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
            if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
                return join(xdg, "primer/primer.sqlite")
            }
            return join(home, ".local/share/primer/primer.sqlite")
        }
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return value
    }

    private static func expandTilde(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return join(home, String(path.dropFirst(2))) }
        return path
    }

    private static func join(_ base: String, _ rest: String) -> String {
        base.hasSuffix("/") ? base + rest : base + "/" + rest
    }
}
