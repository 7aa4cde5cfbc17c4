import Foundation

/// The paths and methods `openapi.yaml` declares, read once from the document the server
/// serves, plus the page's files: what a 404 checks to answer 405 (with `Allow`) when the path
/// exists but not with that method.
struct RouteTable: Sendable {
    private let routes: [(pattern: [Substring], methods: [String])]

    init(document: String, files: [String]) {
        var routes: [(pattern: [Substring], methods: [String])] = []
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                routes.append((line.dropFirst(2).dropLast().split(separator: "/"), []))
            } else if let method = ["get", "post", "put", "patch", "delete"].first(where: { line == "    \($0):" }), !routes.isEmpty {
                routes[routes.count - 1].methods.append(method.uppercased())
            }
        }
        for file in files {
            routes.append((file.split(separator: "/"), ["GET", "HEAD"]))
        }
        self.routes = routes
    }

    /// The methods the path allows, nil when no route has this path.
    func methods(for path: String) -> [String]? {
        let parts = path.split(separator: "/")
        let matching = routes.filter { route in
            route.pattern.count == parts.count && zip(route.pattern, parts).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
        return matching.isEmpty ? nil : Array(Set(matching.flatMap(\.methods))).sorted()
    }
}
