import SceneryCore

/// A piece of the test card: the chrome (background, page title and count) or one labelled
/// patch. Its value holds everything its nodes are drawn from, so an equal part keeps its nodes.
public enum TestcardPart: ScreenPart {
    /// The page's background and header, on a screen of `screen` with its safe area `safe`.
    case chrome(TestcardPage, screen: Rect, safe: Rect)
    /// A patch in its `cell` (label and sample), with the scene clock its animations start at.
    case patch(TestcardPatch, cell: Rect, startMs: Int)

    public var key: String {
        switch self {
        case .chrome: return "chrome"
        case .patch(let patch, _, _): return patch.rawValue
        }
    }

    public func nodes() -> [(id: String, node: Node)] {
        switch self {
        case .chrome(let page, let screen, let safe):
            return TestcardRender.chrome(page, screen: screen, safe: safe)
        case .patch(let patch, let cell, let startMs):
            var drawing = PatchDrawing(patch: patch, cell: cell)
            patch.draw(&drawing, startMs: startMs)
            return drawing.nodes
        }
    }
}

/// The screen and model of a ``TestcardState``: the chrome, then the page's patches in a
/// section of their own (they depend on the page, the viewport and the opening time alone, so a
/// scroll or a clock step does not walk them), and on the Scroll page the scroll content.
enum TestcardRender {
    /// Points: the margin at the safe area's sides, the gap between cells, the header's height,
    /// a label's height above its sample.
    static let margin = 12.0, gap = 10.0, headerHeight = 36.0, labelHeight = 16.0
    /// One turn of the Motion page's spinning bars.
    static let spinMs = 4000
    /// The Scroll page's content height: ten stripes of 100 pt.
    static let contentHeight = 1000.0

    /// Everything a page's patches are drawn from.
    struct PageInputs: Equatable {
        let page: TestcardPage, safe: Rect, startMs: Int
    }

    static func render(_ state: TestcardState, into screen: inout Screen<TestcardPart>) -> JSON {
        let safe = safeFrame(state.viewport)
        screen.add(.chrome(state.page, screen: Rect(x: 0, y: 0, width: state.viewport.width, height: state.viewport.height), safe: safe))
        // The section's closure reads its inputs alone (lent as its context): a scroll or a
        // clock step does not walk the page's patches.
        let page = PageInputs(page: state.page, safe: safe, startMs: state.startMs)
        screen.section("page", inputs: page, with: page) { screen, page in
            for (patch, cell) in cells(page.page, in: page.safe) {
                screen.add(.patch(patch, cell: cell, startMs: page.startMs))
            }
        }
        screen.content = content(state)
        return model(state)
    }

    /// The safe area of `viewport`, in screen points.
    static func safeFrame(_ viewport: Viewport) -> Rect {
        let inset = viewport.safeArea
        return Rect(x: inset.left, y: inset.top, width: max(0, viewport.width - inset.left - inset.right),
                    height: max(0, viewport.height - inset.top - inset.bottom))
    }

    /// Where each of the page's patches goes: below the header, in rows of two cells (a wide
    /// patch takes a row of its own), each row as tall as its tallest sample and its label.
    static func cells(_ page: TestcardPage, in safe: Rect) -> [(TestcardPatch, Rect)] {
        let full = max(0, safe.width - 2 * margin), half = max(0, (full - gap) / 2)
        var cells: [(TestcardPatch, Rect)] = []
        var y = safe.y + headerHeight, column = 0, rowHeight = 0.0
        func endRow() {
            if column > 0 { y += rowHeight + gap }
            column = 0; rowHeight = 0
        }
        for patch in page.patches {
            if patch.wide { endRow() }
            let height = labelHeight + patch.sampleHeight
            let x = safe.x + margin + Double(column) * (half + gap)
            cells.append((patch, Rect(x: x, y: y, width: patch.wide ? full : half, height: height)))
            rowHeight = max(rowHeight, height)
            column += patch.wide ? 2 : 1
            if column >= 2 { endRow() }
        }
        return cells
    }

    /// The Scroll page's scroll view: its sample area, ten 100 pt stripes tall, at `offsetY`;
    /// nil on the other pages.
    static func content(_ state: TestcardState) -> ScrollContent? {
        guard state.page == .scroll,
              let cell = cells(.scroll, in: safeFrame(state.viewport)).first(where: { $0.0 == .scrollContent })?.1 else { return nil }
        let frame = PatchDrawing(patch: .scrollContent, cell: cell).area
        return ScrollContent(frame: frame, width: frame.width, height: contentHeight, offsetY: state.offsetY)
    }

    /// The rotation of the Motion page's bars: a turn every ``spinMs`` from the scene's opening.
    static func spin(startMs: Int) -> Animation {
        Animation(property: "rotation", keyframes: [0, 360], durationMs: spinMs, startMs: startMs, repeats: true)
    }

    static func model(_ state: TestcardState) -> JSON {
        let spin = spin(startMs: state.startMs)
        return [
            "page": .number(state.page.rawValue),
            "pageNames": .array(TestcardPage.allCases.map { .string($0.title) }),
            "pageTitle": .string(state.page.title),
            "pages": .number(TestcardPage.allCases.count),
            "spin": [
                "angle": .number(roundPoint(spin.value(atMs: state.clockMs))),
                "atMs": .number(state.clockMs),
                "durationMs": .number(spin.durationMs),
                "startMs": .number(spin.startMs),
            ],
        ]
    }

    /// A light grey screen (so that white samples show their frames), the page's title at the
    /// left of the header and "N / 8" at its right.
    static func chrome(_ page: TestcardPage, screen: Rect, safe: Rect) -> [(id: String, node: Node)] {
        let header = Rect(x: safe.x + margin, y: safe.y, width: max(0, safe.width - 2 * margin), height: headerHeight)
        let count = "\(page.rawValue + 1) / \(TestcardPage.allCases.count)"
        return [
            ("background", Node(.rect, frame: screen, style: ["background": "#F2F2F7"])),
            ("header.count", Node(.text, frame: header, z: 1, style: ["align": "right", "lines": 1],
                                  text: [TextRun(count, font: "SF Pro Text", size: 15, color: "#8E8E93")])),
            ("header.title", Node(.text, frame: header, z: 1, style: ["lines": 1],
                                  text: [TextRun(page.title, font: "SF Pro Display", size: 22, weight: "semibold")])),
        ]
    }
}
