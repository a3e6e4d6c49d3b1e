import ArgumentParser
import CGeoKernelHeader
import GeoKernel

/// `geokernel`: the command-line tool over GeoKernel.
@main
struct GeoKernelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geokernel",
        abstract: "GeoKernel's tool: distances and bearings, projections, geofence events, "
            + "line and polygon simplification, routes, road graphs, timelines of stays and moves, nearby points.",
        version: version,
        subcommands: [
            Demo.self, Distance.self, Project.self,
            Fences.self,
            SimplifyCommand.self, RouteCommand.self, GraphCommand.self,
            TimelineCommand.self, PolicyCommand.self,
            NearbyCommand.self,
            PlacesCommand.self,
            LandmarksCommand.self,
            GenerateCommand.self, IsochroneCommand.self, MatchCommand.self,
            CompletionsCommand.self,
            // @subcommands: new subcommands go above this line
        ]
    )

    /// The library version, "MAJOR.MINOR.PATCH", from GK_VERSION_* of include/geokernel.h.
    static let version = "\(GK_VERSION_MAJOR).\(GK_VERSION_MINOR).\(GK_VERSION_PATCH)"

    /// Refuses arguments that are not valid UTF-8 before parsing: Swift would turn their
    /// bad bytes into U+FFFD, so a path would silently name another file.
    static func main() {
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
            exit(withError: GeoKernelError(
                .invalidArgument, "argument \(i) is not valid UTF-8 (refused: it would name another file)"))
        }
        if let problem = unknownCommand(Array(CommandLine.arguments.dropFirst())) {
            exit(withError: ValidationError(problem))  // exit status 64, as for every usage error
        }
        main(nil)
    }

    /// The usage error for a first argument (or the word after `help`) that names no
    /// command, listing the known ones; nil when the arguments start with a command or an
    /// option. Without it a typo followed by `--help` printed the overview and succeeded.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        var name = first
        if first == "help" {
            guard let next = arguments.dropFirst().first, !next.hasPrefix("-") else { return nil }
            name = next
        }
        let known = configuration.subcommands.map { $0._commandName }
        guard !known.contains(name) && name != "help" else { return nil }
        return "unknown command '\(name)'; the commands are: \(known.joined(separator: ", ")) (and 'help COMMAND')"
    }
}
