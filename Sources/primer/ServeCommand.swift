import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PrimerApp
import PrimerServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API for study apps (accounts, subjects, generation jobs, study).",
        discussion: """
            The API is described by GET /openapi.yaml. Provider keys stay in this process's environment.
            SIGTERM or Ctrl-C stops it: requests in flight finish, and generation jobs left unfinished
            run again the next time the server starts on the same store. Limits per account come from
            `server:` in primer.yaml.
            """)

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8080
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port is 0 to 65535, not \(port).") }
        guard !host.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--host needs an address, such as 127.0.0.1.") }
    }

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        announceDefaultEmbedder(workspace)
        let host = host
        try await PrimerServer.serve(workspace: workspace, host: host, port: port, logger: Logger(label: "primer.serve")) { port in
            Console.out("Primer serves http://\(host):\(port)/ — the API is described at /openapi.yaml. Ctrl-C stops it.")
            // Standard output is a pipe for a supervisor or a test waiting for this line: send it now.
            fflush(nil)
        }
    }
}
