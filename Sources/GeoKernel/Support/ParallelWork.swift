#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Independent pieces of work run on threads of their own (POSIX threads; no Foundation,
/// no Dispatch): the calling thread takes part, so one processor means no thread at all.
///
/// The pieces must not share mutable state except through what each owns (a slot per
/// piece of an output buffer). Thread safety: reentrant.
package enum ParallelWork {
    /// The processors online, at least 1.
    package static var processors: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Runs `body(i)` for every i in 0..<count on up to `maximumThreads` threads (the
    /// calling one included; by default one per processor online), each thread taking the
    /// next piece not yet started; returns when every piece is done. When a thread cannot
    /// be started, the threads that run do its pieces.
    ///
    /// - Complexity: the pieces' own, divided among the threads.
    package static func forEach(_ count: Int, maximumThreads: Int = processors, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        let threads = max(1, min(count, maximumThreads))
        if threads == 1 {
            for i in 0..<count { body(i) }
            return
        }
        withoutActuallyEscaping(body) { escaping in
            let shared = Shared(count: count, body: escaping)
            var started: [pthread_t] = []
            for _ in 1..<threads {
                var thread = pthread_t()
                let context = Unmanaged.passRetained(shared).toOpaque()
                let status = pthread_create(&thread, nil, { context in
                    let shared = Unmanaged<Shared>.fromOpaque(context!).takeRetainedValue()
                    shared.work()
                    return nil
                }, context)
                if status == 0 {
                    started.append(thread)
                } else {
                    Unmanaged<Shared>.fromOpaque(context).release()
                }
            }
            shared.work()
            for thread in started { pthread_join(thread, nil) }
        }
    }

    /// The pieces and the index of the next one, under a lock (a `ReadWriteLock` taken for
    /// writing: its POSIX lock lives at a fixed address of its own, where `&` on a stored
    /// property would be a Swift access that two threads make at once).
    private final class Shared: @unchecked Sendable {
        let count: Int
        let body: (Int) -> Void
        private var next = 0
        private let lock = ReadWriteLock()

        init(count: Int, body: @escaping (Int) -> Void) {
            self.count = count
            self.body = body
        }

        /// Takes pieces until none is left.
        func work() {
            while true {
                let i = lock.write {
                    let taken = next
                    next += 1
                    return taken
                }
                guard i < count else { return }
                body(i)
            }
        }
    }
}
