/// Named one-shot timers on the scene clock, fired in due order (ties: the one started first).
struct TimerQueue {
    private var entries: [(name: String, due: Int, order: Int)] = []
    private var counter = 0

    mutating func start(_ name: String, due: Int) {
        cancel(name)
        counter += 1
        entries.append((name, due, counter))
    }

    mutating func cancel(_ name: String) { entries.removeAll { $0.name == name } }
    mutating func removeAll() { entries.removeAll() }

    var nextDue: Int? { entries.map(\.due).min() }

    /// Removes and returns the earliest timer due at or before `now`, with its due time.
    mutating func popDue(upTo now: Int) -> (name: String, due: Int)? {
        guard let index = entries.indices.filter({ entries[$0].due <= now })
            .min(by: { (entries[$0].due, entries[$0].order) < (entries[$1].due, entries[$1].order) }) else { return nil }
        let entry = entries.remove(at: index)
        return (entry.name, entry.due)
    }
}
