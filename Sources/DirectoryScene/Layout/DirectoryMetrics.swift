/// Every constant of the Directory layout, in points, measured on the GoTest mocks
/// (375x812 pt, iPhone X) and UIKit's defaults. `PROTOCOL.md` lists them.
public enum DirectoryMetrics {
    /// Navigation bar (44) plus the large title area (52), below the safe area top.
    public static let navigationBarHeight: Double = 96
    /// Top of the large title text below the safe area top, and its line height.
    public static let largeTitleTop: Double = 47
    public static let largeTitleHeight: Double = 41
    public static let largeTitleSize: Double = 34
    /// Tab bar height above the safe area bottom.
    public static let tabBarHeight: Double = 49
    public static let tabIconSize: Double = 30
    public static let tabIconTop: Double = 4
    public static let tabLabelTop: Double = 35
    public static let tabLabelHeight: Double = 12
    public static let tabLabelSize: Double = 10
    /// Hairlines: 1 px at 3x.
    public static let hairline: Double = 0.333
    /// Plain table section header (Events, Contacts) and grouped header (Recents).
    public static let plainHeaderHeight: Double = 28
    public static let groupedHeaderHeight: Double = 55
    public static let groupedHeaderTextTop: Double = 33
    public static let groupedHeaderTextHeight: Double = 16
    public static let eventRowHeight: Double = 44.5
    public static let personRowHeight: Double = 50
    /// UIKit's system spacing, used around the profile image.
    public static let systemSpacing: Double = 8
    /// Profile image: 32 pt tall, 4:3.
    public static let imageHeight: Double = 32
    public static let imageWidth: Double = 32 * 4 / 3
    /// Name and age lines of a person row.
    public static let nameTop: Double = 5
    public static let nameHeight: Double = 22
    public static let ageTop: Double = 27
    public static let ageHeight: Double = 18
    /// Width reserved for an event's date at the right of its row.
    public static let dateWidth: Double = 110
    /// Section index: entry width at the right edge, entry height (shrinks to fit short screens).
    public static let indexWidth: Double = 15
    public static let indexEntryHeight: Double = 13.85
    public static let bodySize: Double = 17
    public static let captionSize: Double = 13
    public static let indexSize: Double = 11

    public static let textFont = "SF Pro Text"
    public static let displayFont = "SF Pro Display"
    public static let tint = "#007AFF"
    public static let secondaryText = "#8E8E93"
    public static let groupedHeaderText = "#6D6D72"
    public static let separator = "#C8C7CC"
    public static let barBackground = "#F7F7F7"
    public static let plainHeaderBackground = "#F7F7F7"
    public static let groupedBackground = "#EFEFF4"
    public static let rowBackground = "#FFFFFF"
    public static let selectedRowBackground = "#D1D1D6"
}
