import SceneryCore

/// What taps and long presses do. One rule per state, in this order:
///
/// 1. **An alert shows**: only its button does anything (it dismisses the alert); every other
///    tap and every long press changes nothing, as behind UIKit's modal alert.
/// 2. **A book jiggles**: its Dismiss stops the jiggle, its Delete removes the book (the books
///    after it move up one place). Any other tap stops the jiggle and does nothing else, so a
///    tap meant to leave the mode does not open an alert (as the home screen's editing mode).
///    A long press on another book moves the jiggle there; on the jiggling book, or anywhere
///    that is not a book, it changes nothing. Scrolling and a viewport change keep the jiggle.
/// 3. **Otherwise**: settings, search, scan, browse or a book shows its alert; a long press on a
///    book starts its jiggle; anything else changes nothing.
enum ShelfGestures {
    /// The tap targets of the chrome and their alerts' subjects.
    static let chromeAlerts: [(subject: String, title: String, message: String)] = [
        ("settings", "Settings", "Settings are not part of this demo."),
        ("search", "Search", "Searching for a textbook is not part of this demo."),
        ("scan", "Scan", "Scanning a book's barcode is not part of this demo."),
        ("browse", "Browse", "Browsing the catalogue is not part of this demo."),
    ]

    static func tap(_ state: inout ShelfState, id: String?) {
        if let alert = state.alert {
            if case .action = alert.response(toTap: id) { state.alert = nil }
            return
        }
        let target = id.map(NodeID.init)
        if let jiggle = state.jiggle {
            state.jiggle = nil
            guard let target, let key = bookKey(target), key == jiggle.book else { return }
            if target.component(2, is: "delete"), let index = state.index(ofBook: key) {
                state.books.remove(at: index)
                state.deleted += 1
                state.offset = min(state.offset, state.maxOffset)
            }
            return
        }
        guard let target else { return }
        if let key = bookKey(target), let index = state.index(ofBook: key) {
            let book = state.books[index]
            state.alert = Alert(title: book.title, message: "ISBN \(book.isbn)", subject: ShelfRender.bookID(key))
        } else if let subject = chromeSubject(target), let entry = chromeAlerts.first(where: { $0.subject == subject }) {
            state.alert = Alert(title: entry.title, message: entry.message, subject: subject)
        }
    }

    static func longPress(_ state: inout ShelfState, id: String?, now: Int) {
        guard state.alert == nil, let id, let key = bookKey(NodeID(id)), state.index(ofBook: key) != nil else { return }
        if state.jiggle?.book == key { return }
        state.jiggle = Jiggle(book: key, startMs: now)
    }

    /// The key of the book whose node `id` is (`book.17`, `book.17.cover`, …).
    static func bookKey(_ id: NodeID) -> Int? {
        guard id.component(0, is: "book") else { return nil }
        return id.number(1)
    }

    /// `settings`, `search`, `scan` or `browse` for their nodes (`tab.scan.icon`, `settings`).
    static func chromeSubject(_ id: NodeID) -> String? {
        if id.component(0, is: "settings") { return "settings" }
        if id.component(0, is: "tab"), let name = id.component(1) { return String(name) }
        return nil
    }
}
