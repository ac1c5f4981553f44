import Testing
@testable import HooScene
@testable import SceneryCore

@Suite("Hoo layout")
struct HooLayoutTests {
    @Test("on the mocks' 320x480 screen the chrome is where the guides put it")
    func mockChrome() {
        let layout = HooScreenLayout(HooFixture.mock)
        #expect(layout.headerFrame == Rect(x: 30, y: 35, width: 276, height: 32))
        #expect(layout.logoFrame == Rect(x: 256, y: 12, width: 57, height: 52))
        #expect(layout.topLine == Rect(x: 0, y: 66, width: 320, height: 2))
        #expect(layout.bottomLine == Rect(x: 0, y: 396, width: 320, height: 2))
        #expect(layout.gridFrame == Rect(x: 0, y: 68, width: 320, height: 328))
        #expect(layout.bottomAreaTop == 398)
        #expect(480 - layout.bottomAreaTop == HooMetrics.bottomAreaHeight)
        #expect(layout.titleFrame == Rect(x: 30, y: 410, width: 276, height: 43))
        #expect(layout.poemFrame == Rect(x: 30, y: 447, width: 276, height: 24))
        #expect(layout.overlayFrame == Rect(x: 0, y: 0, width: 320, height: 480))
    }

    @Test("cells are 79 pt squares, 4 to a row centred on 320 pt, the first row 7 pt below the top line")
    func mockCells() {
        let grid = HooGrid(width: 320, count: 20)
        #expect(grid.columns == 4)
        #expect(grid.cellFrame(0) == Rect(x: 2, y: 7, width: 79, height: 79))
        #expect(grid.cellFrame(3) == Rect(x: 239, y: 7, width: 79, height: 79))
        #expect(grid.cellFrame(4) == Rect(x: 2, y: 86, width: 79, height: 79))
        // On screen the circles start at y 75 (150 px on grid.png) and four rows end at 391.
        #expect(HooScreenLayout(HooFixture.mock).gridFrame.y + grid.cellFrame(0).y == 75)
        #expect(HooScreenLayout(HooFixture.mock).gridFrame.y + grid.cellFrame(15).maxY == 391)
        #expect(grid.rows == 5)
        #expect(grid.contentHeight == 7 + 5 * 79 + 6)
    }

    @Test("other widths fit as many 79 pt columns as there is room for, centred")
    func widthAdaptation() {
        let phone = HooGrid(width: 375, count: 1)
        #expect(phone.columns == 4 && phone.left == 29.5)
        let plus = HooGrid(width: 414, count: 1)
        #expect(plus.columns == 5 && plus.left == 9.5)
        let pad = HooGrid(width: 768, count: 1)
        #expect(pad.columns == 9 && pad.left == 28.5)
        let narrow = HooGrid(width: 100, count: 1)
        #expect(narrow.columns == 1 && narrow.left == 10.5)
        #expect(HooGrid(width: 316, count: 1).left == 0)
    }

    @Test("a taller safe area moves the top chrome down; the bottom area stays above the bottom safe area")
    func safeAreas() {
        let layout = HooScreenLayout(Viewport.phone)  // 375x812, safe area 44 top, 34 bottom
        #expect(layout.topShift == 24)
        #expect(layout.headerFrame.y == 59)
        #expect(layout.topLine.y == 90)
        #expect(layout.bottomAreaTop == 812 - 34 - 82)
        #expect(layout.gridFrame == Rect(x: 0, y: 92, width: 375, height: 694 - 92))
        #expect(layout.logoFrame.x == 375 - 7 - 57)
        // No safe area at all: the mock's positions (its status bar space stays).
        #expect(HooScreenLayout(Viewport(width: 320, height: 480, scale: 2, safeArea: EdgeInsets())).topLine.y == 66)
    }

    @Test("a screen too short for the bottom area still keeps the grid's frame non-negative")
    func shortScreen() {
        let layout = HooScreenLayout(Viewport(width: 320, height: 100, scale: 1, safeArea: EdgeInsets(top: 20)))
        #expect(layout.gridFrame.height >= 0)
        #expect(layout.bottomLine.y >= layout.topLine.maxY)
    }
}

@Suite("Hoo grid arithmetic")
struct HooGridTests {
    @Test("a point maps back to its cell; the margins and the space past the last Hoo are empty")
    func pointToCell() {
        let grid = HooGrid(width: 320, count: 6)
        #expect(grid.index(atContent: Point(x: 2, y: 7)) == 0)
        #expect(grid.index(atContent: Point(x: 80.9, y: 85.9)) == 0)
        #expect(grid.index(atContent: Point(x: 81, y: 7)) == 1)
        #expect(grid.index(atContent: Point(x: 100, y: 100)) == 5)
        #expect(grid.index(atContent: Point(x: 1.9, y: 40)) == nil)    // left margin
        #expect(grid.index(atContent: Point(x: 318.5, y: 40)) == nil)  // right margin
        #expect(grid.index(atContent: Point(x: 40, y: 6)) == nil)      // top inset
        #expect(grid.index(atContent: Point(x: 200, y: 100)) == nil)   // row 1, column 2: past the 6th Hoo
        #expect(grid.index(atContent: Point(x: 40, y: 170)) == nil)    // below the last row
    }

    @Test("the cells of a content band are whole rows, clamped to the flow")
    func bandIndexes() {
        let grid = HooGrid(width: 320, count: 30)  // 8 rows, the last with 2 cells
        #expect(grid.indexes(minY: -100, maxY: 50) == 0..<4)
        #expect(grid.indexes(minY: 86, maxY: 165) == 4..<8)  // row 1 only: row 2 starts at 165
        #expect(grid.indexes(minY: 85.9, maxY: 165.1) == 0..<12)
        #expect(grid.indexes(minY: 500, maxY: 10_000) == 24..<30)
        #expect(grid.indexes(minY: 10_000, maxY: 20_000) == 0..<0)
        #expect(HooGrid(width: 320, count: 0).indexes(minY: 0, maxY: 500) == 0..<0)
    }

    @Test("arithmetic does not care how many Hoos there are: cell 99,999 of 100k is in row 24,999")
    func largeFlow() {
        let grid = HooGrid(width: 320, count: 100_000)
        #expect(grid.rows == 25_000)
        #expect(grid.cellFrame(99_999) == Rect(x: 239, y: 7 + 24_999 * 79, width: 79, height: 79))
        #expect(grid.index(atContent: Point(x: 250, y: 7 + 24_999 * 79 + 1)) == 99_999)
    }
}

@Suite("Hoo catalog")
struct HooCatalogTests {
    @Test("one continuous flow: a set starts right after the previous one, not on a new row")
    func continuousFlow() {
        let catalog = HooCatalog(HooFixture.originalSets, load: 1)
        #expect(catalog.count == 108)
        #expect(catalog.starts.prefix(4) == [0, 14, 27, 36])
        // As on grid.png: Red 13, Red 14, Yellow 1, Yellow 2 share the fourth row.
        #expect(catalog.ref(ofIndex: 12) == HooRef(set: 1, hoo: 13))
        #expect(catalog.ref(ofIndex: 14) == HooRef(set: 2, hoo: 1))
        #expect(HooGrid(width: 320, count: catalog.count).cellFrame(14).x == 160)
        #expect(catalog.index(of: HooRef(set: 3, hoo: 9)) == 35)
        #expect(catalog.index(of: HooRef(set: 3, hoo: 10)) == nil)
        #expect(catalog.index(of: HooRef(set: 10, hoo: 1)) == nil)
        #expect(catalog.ref(ofIndex: 108) == nil)
        #expect(catalog.ref(ofIndex: -1) == nil)
    }

    @Test("empty sets take no cell and never own a position")
    func emptySets() {
        let catalog = HooCatalog([HooFixture.set(1, count: 2), HooFixture.set(2, count: 0), HooFixture.set(3, count: 0),
                                  HooFixture.set(4, count: 1)], load: 1)
        #expect(catalog.count == 3)
        #expect(catalog.ref(ofIndex: 1) == HooRef(set: 1, hoo: 2))
        #expect(catalog.ref(ofIndex: 2) == HooRef(set: 4, hoo: 1))
    }

    @Test("merging keeps number order and a set loaded again replaces the older copy")
    func merge() {
        var catalog = HooCatalog([HooFixture.set(3, count: 5), HooFixture.set(1, count: 2)], load: 1)
        #expect(catalog.sets.map(\.number) == [1, 3])
        catalog.merge([HooFixture.set(2, color: "Yellow", count: 4), HooFixture.set(3, color: "Blue", count: 1)], load: 2)
        #expect(catalog.sets.map(\.number) == [1, 2, 3])
        #expect(catalog.sets.map(\.color) == ["Red", "Yellow", "Blue"])
        #expect(catalog.loads == [1, 2, 2])
        #expect(catalog.starts == [0, 2, 6, 7])
    }

    @Test("Hoos are ordered by number and a repeated number is kept once")
    func normalizedHoos() {
        var set = HooFixture.set(1, count: 0)
        set.hoos = [HooFixture.hoo(5, set: 1), HooFixture.hoo(2, set: 1), HooFixture.hoo(5, set: 1), HooFixture.hoo(9, set: 1)]
        set.hoos[2].title = "second five"
        let catalog = HooCatalog([set], load: 1)
        #expect(catalog.sets[0].hoos.map(\.number) == [2, 5, 9])
        #expect(catalog.sets[0].hoos[1].title == "Title 1.5")
        #expect(catalog.index(of: HooRef(set: 1, hoo: 9)) == 2)
    }
}
