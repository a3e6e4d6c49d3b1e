#if PROJ
import CProjShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one `CProjShim_transformer` (a PROJ context plus its operation) and turns the
/// shim's status codes and captured PROJ log text into `GeoKernelError`s.
///
/// Internal: `Transformer` is the public face. Not thread-safe, like the context it owns.
final class ProjHandle {
    let raw: OpaquePointer
    /// The search paths given in the options (nil: PROJ's defaults), for error messages.
    let searchPaths: [String]?

    private init(raw: OpaquePointer, searchPaths: [String]?) {
        self.raw = raw
        self.searchPaths = searchPaths
    }

    deinit { CProjShim_transformer_destroy(raw) }

    /// A fresh context configured from `options` (init rules, search paths).
    static func make(_ options: Transformer.Options) throws(GeoKernelError) -> ProjHandle {
        let paths = options.searchPaths
        if let paths {
            for p in paths where p.utf8.contains(0) {
                throw .invalid("search path \"\(p)\" contains a NUL character")
            }
        }
        let raw: OpaquePointer? = withCStringArray(paths ?? []) { argv in
            CProjShim_transformer_create(
                options.useProj4InitRules ? 1 : 0, argv, Int32(clamping: paths?.count ?? 0))
        }
        guard let raw else { throw GeoKernelError(.outOfMemory, "cannot create a PROJ context") }
        return ProjHandle(raw: raw, searchPaths: paths)
    }

    /// An independent copy on a new context (proj_context_clone + proj_clone).
    func clone() throws(GeoKernelError) -> ProjHandle {
        guard let c = CProjShim_transformer_clone(raw) else {
            let text = log
            throw GeoKernelError(
                text.isEmpty ? .outOfMemory : .transform,
                text.isEmpty ? "cannot clone the PROJ context" : "PROJ cannot clone the operation: \(text)")
        }
        return ProjHandle(raw: c, searchPaths: searchPaths)
    }

    /// Error text PROJ logged since the last creation or transform call.
    var log: String { String(cString: CProjShim_transformer_log(raw)) }

    /// PROJ's errno text for the last failed point ("" when none).
    var errnoText: String { String(cString: CProjShim_transformer_errno_string(raw)) }

    /// The directories PROJ searches for proj.db, for messages.
    var searchedPaths: [String] {
        if let searchPaths { return searchPaths }
        var buf = [CChar](repeating: 0, count: 4096)
        CProjShim_default_search_path(&buf, buf.count)
        let joined = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return joined.split(separator: ":").map(String.init)
    }

    /// Turns a non-zero shim status into an error naming the offending definition.
    func creationError(status: Int32, source: String, target: String?) -> GeoKernelError {
        let text = log
        let proj = text.isEmpty ? "PROJ gave no reason" : "PROJ: \(text)"
        switch Int(status) {
        case Int(CProjShim_ERR_DATABASE):
            let what = target.map { "\"\(source)\" -> \"\($0)\"" } ?? "\"\(source)\""
            return GeoKernelError(
                .projDatabase,
                "proj.db not found in the PROJ search paths [\(searchedPaths.joined(separator: ", "))], "
                    + "needed for \(what) (\(proj))")
        case Int(CProjShim_ERR_SOURCE):
            return GeoKernelError(.crs, "\(Self.reason(text)): \(source) (\(target == nil ? "operation" : "source CRS")\(Self.more(text)))")
        case Int(CProjShim_ERR_TARGET):
            return GeoKernelError(.crs, "\(Self.reason(text)): \(target ?? "") (target CRS\(Self.more(text)))")
        case Int(CProjShim_ERR_NO_OPERATION):
            return GeoKernelError(
                .crs, "no usable transformation from \(source) to \(target ?? "?") (\(proj))")
        case Int(CProjShim_ERR_NOT_OPERATION):
            return GeoKernelError(
                .crs,
                "\(source) is not a coordinate operation (a CRS or other object); "
                    + "use Transformer(source:target:) for two CRS")
        case Int(CProjShim_ERR_OUT_OF_MEMORY):
            return GeoKernelError(.outOfMemory, "out of memory creating a PROJ operation")
        default:
            return GeoKernelError(.internal, "unexpected PROJ shim status \(status) (\(proj))")
        }
    }

    /// PROJ's first message without its function prefix and error number, e.g.
    /// "crs not found" from "proj_create: crs not found", or "Unknown projection" from
    /// "proj_create: Error 1027 (Invalid value for an argument): Unknown projection".
    static func reason(_ text: String) -> String {
        guard !text.isEmpty else { return "unknown to PROJ" }
        var s = Substring(text)
        if let r = find("; ", in: s) { s = s[..<r.lowerBound] }
        // "proj_create: …": a function name (no spaces) before the first ": ".
        if let r = find(": ", in: s), s.hasPrefix("proj_"), !s[..<r.lowerBound].contains(" ") {
            s = s[r.upperBound...]
        }
        // "Error 1027 (Invalid value for an argument): …"
        if s.hasPrefix("Error "), let r = find("): ", in: s) { s = s[r.upperBound...] }
        return s.isEmpty ? text : String(s)
    }

    /// What PROJ's log says beyond `reason(text)`, as "; PROJ: …" — nothing when its one
    /// message is that reason (so that a message names its cause once: "crs not found:
    /// EPSG:99999 (target CRS)", not "… (target CRS; PROJ: proj_create: crs not found)").
    static func more(_ text: String) -> String {
        guard !text.isEmpty else { return "; PROJ gave no reason" }
        return find("; ", in: Substring(text)) == nil ? "" : "; PROJ: \(text)"
    }

    /// The first occurrence of an ASCII `needle` in `hay` (no Foundation in the kernel).
    private static func find(_ needle: String, in hay: Substring) -> Range<Substring.Index>? {
        let n = needle.utf8.count
        var i = hay.startIndex
        while i < hay.endIndex {
            let u = hay.utf8
            if let end = u.index(i, offsetBy: n, limitedBy: u.endIndex), u[i..<end].elementsEqual(needle.utf8) {
                return i..<end
            }
            i = u.index(after: i)
        }
        return nil
    }
}

/// Calls `body` with a NULL-free C array of C strings that live for the call.
private func withCStringArray<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R
) -> R {
    if strings.isEmpty { return body(nil) }
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}

#endif
