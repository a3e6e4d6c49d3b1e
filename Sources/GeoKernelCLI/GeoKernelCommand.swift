import ArgumentParser
import GeoKernel

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
