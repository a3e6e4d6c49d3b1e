import ArgumentParser

/// `geokernel`: the command-line tool over GeoKernel.
@main
struct GeoKernelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geokernel",
        abstract: "Geo computations: distances, containment, projections.",
        subcommands: [
            Demo.self, Distance.self, Project.self,
            Fences.self,
            SimplifyCommand.self, RouteCommand.self, GraphCommand.self,
            TimelineCommand.self,
            NearbyCommand.self,
            // @subcommands: new subcommands go above this line
        ]
    )
}
