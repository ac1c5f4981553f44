/// The Shelf screen's constants, in points, each with where it comes from: the brief's text,
/// the original project's constants, or `mocks/normal.png` and `shaking.png` (iPhone X, 375x812
/// pt at @3x, safe area 44 top and 34 bottom) measured pixel by pixel and divided by 3.
enum ShelfMetrics {
    // Navigation area (mock: white to y 88, a 1 px #A8A8A8 line, the shelf from 88.33).
    static let navigationBarHeight = 44.0          // below the safe area's top: 44 + 44 = 88
    static let hairline = 1.0 / 3                   // the mock's 1 px line
    static let separator = "#A8A8A8"                // the mock's line colour
    static let logoWidth = 110.0, logoHeight = 25.667   // mock: x 132.67-242.67, y 53.33-79 (logo_text.png is 583x137)
    static let logoTop = 9.333                      // below the safe area's top (53.33 - 44)
    static let gearSize = 27.667                    // mock: 331.33-359 by 54-81.33
    static let gearRight = 16.0                     // mock: 375 - 359
    static let gearTop = 10.0                       // mock: 54 - 44
    static let buttonSize = 44.0                    // the settings button's touch area (UIKit's minimum)

    // Shelf (the brief: light grey #efefef; mock: #EFEFEF).
    static let shelf = "#EFEFEF"
    static let white = "#FFFFFF"
    static let black = "#000000"
    /// The picture behind the books (`top_right_image_behind_books.png`, 867x483 px): pinned to
    /// the shelf's top right, 60% of the screen width (mock: x 150-375 at 375), at most its
    /// natural 289 pt (867 px at @3x), its own aspect.
    static let pictureWidthShare = 0.6, pictureMaxWidth = 289.0, pictureAspect = 483.0 / 867.0

    // Grid (mock: covers 105 wide at x 15, 135, 255; rows 205 apart; first cover at y 103).
    static let inset = 15.0                         // mock: 15 from the edges and between items
    static let minimumItemWidth = 105.0             // the mock's item: wider screens add columns at this width
    static let minimumColumns = 3                   // the brief: 3 columns
    static let firstRowTop = 14.667                 // mock: 103 - 88.33
    static let coverAspect = 389.0 / 315.0          // mock: the cover is 389 px tall, 315 px wide (129.67 by 105)
    static let coverRadius = 5.0                    // the brief: corner radius 5
    static let titleGap = 17.0 / 3                  // 17 px: cover bottom 232.67 to the title box (caps at 242.33)
    static let titleHeight = 34.0                   // two lines of 17 (mock: lines 16.67 apart)
    static let isbnGap = 5.0                        // title box to the ISBN box (caps at 281.33)
    static let isbnHeight = 17.0
    static let spacing = 41.0 / 3                   // 41 px below the ISBN box to the next row: rows 205 apart, items 191.33 tall
    static let titleSize = 15.0, isbnSize = 14.0    // mock: caps 10.3 and 9.7 tall
    static let isbnColor = "#C4C4C4"                // mock: the ISBN's darkest pixels (197,196,196)
    static let font = "Helvetica Neue"              // the brief
    static let fontFallback = "Helvetica"
    static let condensedFont = "Helvetica Neue Condensed"   // the tab labels and the jiggle's options (mock)
    static let condensedFallback = "Arial Narrow"

    // Jiggle (the original: 0, .05, -.05, .05, 0 radians over 1 s, repeating; shaking.png).
    static let jiggleRadians = [0, 0.05, -0.05, 0.05, 0]
    static let jiggleMs = 1000
    static let dismissColor = "#9AA8A8", deleteColor = "#D9583B", optionOpacity = 0.9   // shaking.png: (150,160,160), (204,94,70)
    static let optionSize = 20.0

    // Tab bar (mock: white from y 708.33, a soft shadow 8 pt above; the original: cells 80 tall).
    static let tabCellHeight = 80.0                 // the original's constant
    static let tabBarAboveSafeArea = 69.667         // mock: 812 - 34 - 708.33; the cells reach 10.33 into the safe area
    static let shadowHeight = 8.0                   // mock: the shelf darkens from y 700
    static let tabIconTop = 15.667                  // mock: icons at y 724-741
    static let tabIconWidth = 20.0, tabIconHeight = 16.0    // mock: 15.67-19.67 wide, 14-16 tall, aspect fit
    static let tabLabelTop = 34.0                   // mock: caps at 744.33-758.67
    static let tabLabelHeight = 26.0
    static let tabLabelSize = 18.0                  // mock: caps 13.33 tall

    // Draw order.
    static let zShelf = 0, zPicture = 1, zBook = 2, zOption = 3, zOptionLabel = 4, zBars = 10, zBarItems = 11
}
