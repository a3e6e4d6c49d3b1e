import ArgumentParser
import CGeoKernelHeader

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
            TimelineCommand.self,
            NearbyCommand.self,
            // @subcommands: new subcommands go above this line
        ]
    )

    /// The library version, "MAJOR.MINOR.PATCH", from GK_VERSION_* of include/geokernel.h.
    static let version = "\(GK_VERSION_MAJOR).\(GK_VERSION_MINOR).\(GK_VERSION_PATCH)"
}
