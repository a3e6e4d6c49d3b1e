/// A value computed on first use and kept, for an immutable type that would rather not pay
/// for it up front (derived lists only some queries need). The first callers may race to
/// `get`; one computes, the others wait for it and share the result.
///
/// Thread safety: that is its job (a `ReadWriteLock`); `Sendable`.
package final class LazyValue<Value: Sendable>: @unchecked Sendable {
    private let lock = ReadWriteLock()
    private var value: Value?

    package init() {}

    /// The value, computed by `make` on the first call only. O(1) after the first call.
    package func get(_ make: () -> Value) -> Value {
        if let v = lock.read({ value }) { return v }
        return lock.write {
            if let v = value { return v }
            let v = make()
            value = v
            return v
        }
    }
}
