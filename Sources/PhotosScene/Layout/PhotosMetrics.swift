/// The Photos screens' constants, in points, with their sources: the brief ("thumbnail width a
/// third of the screen, square", "2.0 s", "%ld/%ld") and UIKit's navigation bar.
enum PhotosMetrics {
    static let columns = 3                      // the brief: a third of the screen's width
    static let navigationBarHeight = 44.0       // UIKit
    static let hairline = 1.0 / 3
    static let bar = "#F9F9F9", separator = "#C6C6C8", tint = "#007AFF", text = "#000000"
    static let secondaryText = "#8E8E93", background = "#FFFFFF", galleryBackground = "#000000"
    static let titleSize = 17.0
    static let font = "SF Pro Text", fontFallback = "Helvetica Neue"
    static let advanceMs = 2000                 // the brief: every 2.0 s
    // Offline badge: a small grey capsule right of the title.
    static let badgeWidth = 64.0, badgeHeight = 20.0, badgeSize = 12.0, badge = "#8E8E93"
    // Gallery: the back chevron and label at the left, the remove button at the right.
    static let backWidth = 90.0, buttonSize = 44.0, iconSize = 22.0
    static let captionHeight = 72.0, caption = "#000000", captionOpacity = 0.55
    static let nameSize = 17.0, descriptionSize = 15.0, captionText = "#FFFFFF"
    // Empty state: an SF-Symbols-like symbol, a title, a line, a Retry button (iOS 17's
    // ContentUnavailableView proportions).
    static let symbolSize = 64.0, emptyTitleSize = 22.0, emptyMessageSize = 15.0
    static let emptyWidth = 300.0, retryWidth = 120.0, retryHeight = 44.0
    // The notice under the bar ("You're offline — photos can't download").
    static let noticeHeight = 28.0, noticeSize = 13.0, notice = "#3A3A3C", noticeOpacity = 0.92
    static let zBackground = 0, zThumbnail = 1, zBars = 10, zBarItems = 11, zEmpty = 5, zNotice = 8
}
