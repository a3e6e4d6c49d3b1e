import GeoKernel

extension RoadCases {
    /// `route.matrix.andorra`: a 100 × 100 matrix (sources: the first points of the first
    /// 100 pairs, targets: their second points), shortest metric, bucket CH, n = 10 000
    /// cells; beside `route.matrix.naive.andorra`, the same 10 000 cells as one-to-one CH
    /// queries (`cost`, no path). After timing every cell must equal the one-to-one cost.
    static func matrixCases(_ ctx: Context) -> [BenchCase] {
        let side = matrixSide, cells = side * side
        let matrix = Box<RoadMatrix?>(nil), naive = Box<[Double]?>(nil)
        func ends(_ ctx: Context) -> ([RoadSnap], [RoadSnap]) {
            let p = ctx.pairs.prefix(side)
            return (p.map(\.0), p.map(\.1))
        }
        func oneToOne() -> [Double] {
            let (sources, targets) = ends(ctx)
            let g = ctx.graph, ws = ctx.workspace
            var out = [Double](repeating: 0, count: cells)
            for (i, s) in sources.enumerated() {
                for (j, t) in targets.enumerated() {
                    out[i * side + j] = try! g.cost(from: s, to: t, metric: .shortest, workspace: ws)
                }
            }
            return out
        }
        return [
            BenchCase(name: "route.matrix.naive.andorra", n: cells, baseline: nil, setUp: { _ = ctx.pairs }, run: {
                naive.value = oneToOne()
            }),
            BenchCase(name: "route.matrix.andorra", n: cells, baseline: "route.matrix.naive.andorra", setUp: { _ = ctx.pairs }, run: {
                let (sources, targets) = ends(ctx)
                matrix.value = try! ctx.graph.matrix(from: sources, to: targets, metric: .shortest, workspace: ctx.workspace)
            }, check: {
                let m = matrix.value!, want = naive.value ?? oneToOne()
                guard m.sourceCount == side, m.targetCount == side else { return "matrix \(m.sourceCount) × \(m.targetCount)" }
                for k in 0..<cells where m.costs[k] != want[k] {
                    return "cell (\(k / side), \(k % side)): matrix \(m.costs[k]) m, one-to-one \(want[k]) m"
                }
                note("route.matrix.andorra: \(side) × \(side) cells equal the one-to-one CH costs")
                return nil
            }),
        ]
    }
}
