// gk-fuzz: one libFuzzer executable for every GeoKernel parser and loader.
//
// Built with libFuzzer and AddressSanitizer by `make fuzz-build` (the exact flags are there).
// A plain `swift build` links it without libFuzzer, as a program that
// does nothing. The parser is chosen at run time by the environment variable
// GK_FUZZ_TARGET (one build serves every target); GK_FUZZ_TARGET=list prints the names.
// GK_FUZZ_WRITE_SEEDS=<dir> writes the seed files that only the library itself can make
// (index, landmark and road-graph files, the built-in JSON documents, the sample town)
// into <dir>/<target>/ and exits.
#if canImport(Glibc)
import Glibc
#endif

// Declarations only: the fuzzer build compiles this file with -parse-as-library (libFuzzer
// brings main); a plain build gives it an empty main, so that it links and does nothing.

nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    if let dir = getenv("GK_FUZZ_WRITE_SEEDS") {
        let status = SeedWriter.writeAll(to: String(cString: dir))
        exit(status)
    }
    let name = getenv("GK_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    if name == "list" {
        for t in FuzzTarget.all { print(t.name) }
        exit(0)
    }
    guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: " ")
        print("gk-fuzz: set GK_FUZZ_TARGET to one of: \(names)")
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = selected else { return 0 }
    let bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
    target.run(bytes)
    return 0
}
