import SceneryCore

/// Where the fixed parts of the screen go for a viewport: the container, the frames, the mode
/// buttons, the shield and the field.
///
/// The container is the safe area (UIKit's `safeAreaLayoutGuide`, which layout margins are
/// relative to by default), so on a phone with a notch nothing sits under the status bar or the
/// home indicator; the movie behind everything fills the whole screen. On the mock's 375x667
/// viewport with no safe area these frames are the mock's.
struct ScreenLayout {
    typealias M = ExhibitionMetrics
    let viewport: Viewport

    var screen: Rect { Rect(x: 0, y: 0, width: viewport.width, height: viewport.height) }

    var container: Rect {
        let insets = viewport.safeArea
        return Rect(x: insets.left, y: insets.top,
                    width: max(0, viewport.width - insets.left - insets.right),
                    height: max(0, viewport.height - insets.top - insets.bottom))
    }

    /// The container inside its layout margins.
    var margins: Rect { container.inset(dx: M.layoutMargin, dy: M.layoutMargin) }

    /// The shield, centred on the container.
    var shield: Rect {
        Rect(x: container.centerX - M.shieldSize / 2, y: container.centerY - M.shieldSize / 2, width: M.shieldSize, height: M.shieldSize)
    }

    var frameTop: Rect { Rect(x: margins.x, y: margins.y, width: margins.width, height: M.frameTopHeight) }

    var frameBottom: Rect {
        Rect(x: margins.x, y: margins.maxY - M.frameBottomHeight, width: margins.width, height: M.frameBottomHeight)
    }

    var frameLeft: Rect {
        Rect(x: margins.x, y: margins.maxY - M.frameLeftBottomGap - M.frameLeftHeight, width: M.frameLeftWidth, height: M.frameLeftHeight)
    }

    /// The first mode button (the active one) ends at the container's centre, the second starts there.
    var firstModeButton: Rect {
        Rect(x: container.centerX - M.modeButtonWidth, y: margins.y, width: M.modeButtonWidth, height: M.modeButtonHeight)
    }

    var secondModeButton: Rect {
        Rect(x: container.centerX, y: margins.y, width: M.modeButtonWidth, height: M.modeButtonHeight)
    }

    /// The container inset by 50 pt horizontally and 100 pt vertically.
    var field: Rect { container.inset(dx: M.fieldInsetX, dy: M.fieldInsetY) }
}
