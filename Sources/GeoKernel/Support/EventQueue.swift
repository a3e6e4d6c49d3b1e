/// Events waiting to be read, oldest first: the one queue behind the geofence monitor's C
/// events and a timeline `Recorder`'s live events. Reading is O(events handed out); the
/// storage of read events is dropped once they are the larger part of it.
///
/// Thread safety: a value; one thread at a time may mutate it. Package-internal, not API.
package struct EventQueue<Event> {
    /// The events; those not yet read are `items[head...]`.
    private var items: [Event] = []
    private var head = 0

    package init() {}

    /// Events not yet read.
    package var pending: Int { items.count - head }

    /// The events not yet read, oldest first.
    package var unread: ArraySlice<Event> { items[head...] }

    /// Drops the events already read once they are the larger part of the storage.
    private mutating func compact() {
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1024, head > items.count / 2 {
            items.removeFirst(head)
            head = 0
        }
    }

    package mutating func append(_ event: Event) {
        compact()
        items.append(event)
    }

    package mutating func append(contentsOf events: some Sequence<Event>) {
        compact()
        items.append(contentsOf: events)
    }

    /// Lets `body` append events straight into the storage (it must only append); returns
    /// how many it appended.
    package mutating func appending<E: Error>(_ body: (inout [Event]) throws(E) -> Void) throws(E) -> Int {
        compact()
        let before = items.count
        try body(&items)
        return items.count - before
    }

    /// Marks the oldest `n` unread events read (`n` ≤ `pending`).
    package mutating func consume(_ n: Int) {
        head += Swift.min(Swift.max(0, n), pending)
        compact()
    }
}

extension EventQueue: Sendable where Event: Sendable {}
