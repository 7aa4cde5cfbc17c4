import Foundation

/// Where the prompt families and provider manifests shipped with Primer are.
public enum Defaults {
    /// The shipped `Prompts/` folder.
    public static var promptsDirectory: URL? { Bundle.module.url(forResource: "Prompts", withExtension: nil) }
    /// The shipped `Plugins/` folder.
    public static var pluginsDirectory: URL? { Bundle.module.url(forResource: "Plugins", withExtension: nil) }
}
