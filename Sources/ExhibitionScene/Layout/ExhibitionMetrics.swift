/// Every constant of the Exhibition layout, in points unless named otherwise, with where it comes
/// from: the seed's text, the mock (`../shared/seed-data/Exhibition/mocks/objective.png`, 375x667
/// pt at @2x) or a resource's pixel size at @2x divided by 2. `PROTOCOL.md` lists them.
public enum ExhibitionMetrics {
    // MARK: Screen

    /// UIView's default layout margins, 8 pt on every side. Mock: the top frame starts at x 8,
    /// y 8.5 and ends at x 367 (= 375 - 8); the bottom frame ends at y 658 (= 667 - 8).
    public static let layoutMargin: Double = 8
    /// Seed: "the field is inset by 50 points horizontally and 100 vertically".
    public static let fieldInsetX: Double = 50
    public static let fieldInsetY: Double = 100
    /// Seed: "an imaginary grid of 8 horizontally, and 16 vertically". Mock: the circles sit on
    /// grid points spanning the field edge to edge (x = 50 + i * 275/7, y = 100 + j * 467/15).
    public static let gridColumns = 8
    public static let gridRows = 16

    /// `photo_captain_america@2x.png` is 600x600 px; seed: opacity 10%, centred.
    public static let shieldSize: Double = 300
    public static let shieldOpacity: Double = 0.1

    /// `frame_top@2x.png` 622x155 px; on the mock it is stretched to the width between the margins.
    public static let frameTopHeight: Double = 77.5
    /// `frame_bottom@2x.png` 617x112 px; stretched like the top frame.
    public static let frameBottomHeight: Double = 56
    /// `frame_left@2x.png` 23x718 px, at its own size.
    public static let frameLeftWidth: Double = 11.5
    public static let frameLeftHeight: Double = 359
    /// Mock: the left frame ends at y 627.5 of 667, 31.5 pt above the bottom margin.
    public static let frameLeftBottomGap: Double = 31.5

    /// `toggle_*@2x.png` 167x90 px. Mock: the two buttons touch, centred on the screen, at the top margin.
    public static let modeButtonWidth: Double = 83.5
    public static let modeButtonHeight: Double = 45

    // MARK: Circles

    /// `circle_lrg@2x.png` 261x261 px.
    public static let largeCircleDiameter: Double = 130.5
    /// `circle_med@2x.png` 208x208 px.
    public static let mediumCircleDiameter: Double = 104
    /// `circle_sml@2x.png` 169x168 px (drawn square).
    public static let smallCircleDiameter: Double = 84.5
    /// Seed: the white ring is "at 8 points distance from the circle": its frame is the circle's
    /// outset by 8 (`circle_floaters@2x.png`, 288x286 px, is the ring at the large size).
    public static let ringDistance: Double = 8
    /// Mock: the photo's edge is about 4 pt inside the circle image's outer line.
    public static let thumbInset: Double = 4
    /// Seed: "a light grey dot, diameter of 8 points, opacity 20%".
    public static let dotDiameter: Double = 8
    public static let dotOpacity: Double = 0.2
    /// UIKit's `lightGrayColor` (white 2/3). Seed: the lines are "the same shade as the grey dots".
    public static let grey = "#AAAAAA"
    /// Mock: the lines are 2 px wide.
    public static let lineWidth: Double = 1

    // MARK: Placement

    /// Ours, so that placement looks right: the least gap between two circles (rings included),
    /// and between a line and a circle it passes by.
    public static let clearance: Double = 4

    // MARK: Motion and colour

    /// Seed bonus 2: "a full circle once every 40 seconds".
    public static let ringTurnMs = 40_000
    /// The screen behind the movie; a front end without the movie shows only this.
    public static let background = "#000000"
}
