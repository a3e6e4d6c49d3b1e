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
        main(nil)
    }
}
