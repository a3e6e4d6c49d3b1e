import GeoKernel

extension RoadCases {
    /// `route.matrix.andorra` and its baseline: added once `RoadGraph.matrix` is in main.
    static func matrixCases(_ ctx: Context) -> [BenchCase] { [] }
}
