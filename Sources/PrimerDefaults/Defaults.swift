import Foundation

/// Finds the prompt families and provider manifests shipped with the `primer` binary.
/// SwiftPM copies them into a resource folder beside the executable. We look for it ourselves
/// instead of using `Bundle.module`, whose accessor crashes when the folder is missing.
public enum Defaults {
    public static var promptsDirectory: URL? { shipped("Prompts") }
    public static var pluginsDirectory: URL? { shipped("Plugins") }

    static func shipped(_ name: String) -> URL? {
        let bundleNames = ["Primer_PrimerDefaults.resources", "Primer_PrimerDefaults.bundle"]
        var roots: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            roots.append(executable.deletingLastPathComponent())
        }
        roots.append(Bundle.main.bundleURL)
        for root in roots {
            for bundle in bundleNames {
                for candidate in [root.appendingPathComponent(bundle).appendingPathComponent(name),
                                  root.appendingPathComponent(bundle).appendingPathComponent("Contents/Resources").appendingPathComponent(name)] {
                    var isDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                        return candidate
                    }
                }
            }
        }
        return nil
    }
}
