import SceneryCore

/// One labelled patch of the test card: what it shows (its label), the page it is on, and its
/// size. Its raw value is its node ids' prefix (`fills.opacity.label`, `fills.opacity.0`, …).
/// Each page shows its patches in declaration order (``TestcardRender/cells(_:in:)``).
public enum TestcardPatch: String, CaseIterable, Sendable {
    case fillsBackground = "fills.background", fillsOpacity = "fills.opacity", fillsCorners = "fills.corners"
    case fillsCircle = "fills.circle", fillsLines = "fills.lines", fillsHairlines = "fills.hairlines"
    case textAlign = "text.align", textVerticalAlign = "text.verticalAlign", textWeights = "text.weights"
    case textSizes = "text.sizes", textColors = "text.colors"
    case wrapFree = "wrap.free", wrapOneLine = "wrap.lines1", wrapTwoLines = "wrap.lines2", wrapRuns = "wrap.runs"
    case wrapFallback = "wrap.fontFallback"
    case imagesFit = "images.aspectFit", imagesFill = "images.aspectFill", imagesStretch = "images.scaleToFill"
    case imagesDefault = "images.default", imagesAlign = "images.align", imagesTint = "images.tint"
    case statesRole = "states.role", statesSelected = "states.selected", statesEnabled = "states.enabled"
    case statesImage = "states.imageState"
    case motionRotation = "motion.rotation", motionCentre = "motion.centre", motionAnchor = "motion.anchor"
    case motionMovie = "motion.movie"
    case orderZ = "order.z", orderID = "order.id", orderGroup = "order.group"
    case scrollContent = "scroll.content"

    public var page: TestcardPage {
        switch self {
        case .fillsBackground, .fillsOpacity, .fillsCorners, .fillsCircle, .fillsLines, .fillsHairlines: return .fills
        case .textAlign, .textVerticalAlign, .textWeights, .textSizes, .textColors: return .text
        case .wrapFree, .wrapOneLine, .wrapTwoLines, .wrapRuns, .wrapFallback: return .wrapping
        case .imagesFit, .imagesFill, .imagesStretch, .imagesDefault, .imagesAlign, .imagesTint: return .images
        case .statesRole, .statesSelected, .statesEnabled, .statesImage: return .states
        case .motionRotation, .motionCentre, .motionAnchor, .motionMovie: return .motion
        case .orderZ, .orderID, .orderGroup: return .order
        case .scrollContent: return .scroll
        }
    }

    /// The label over the patch: what it shows, and in which order when it shows several values.
    public var label: String {
        switch self {
        case .fillsBackground: return "background: RGB, CMY"
        case .fillsOpacity: return "opacity 1 .75 .5 .25 on black"
        case .fillsCorners: return "cornerRadius 0, 8, 16, half"
        case .fillsCircle: return "circle: square, wide frame"
        case .fillsLines: return "line from/to: default, 2, 4, 8"
        case .fillsHairlines: return "line fills: 1/3, 1/2, 1, 2 pt"
        case .textAlign: return "align left, center, right"
        case .textVerticalAlign: return "verticalAlign top, center, bottom"
        case .textWeights: return "weight light to bold"
        case .textSizes: return "size 9, 13, 17, 28"
        case .textColors: return "run colours; white on black"
        case .wrapFree: return "no lines: wraps at word boundaries"
        case .wrapOneLine: return "lines 1: one line, ellipsis at the tail"
        case .wrapTwoLines: return "lines 2: wraps, ellipsis at the end of line 2"
        case .wrapRuns: return "runs: fonts, sizes, weights, colours in one paragraph"
        case .wrapFallback: return "fontFallback DejaVu Sans Mono for a missing font"
        case .imagesFit: return "aspectFit 3:1, 1:3"
        case .imagesFill: return "aspectFill 3:1, 1:3"
        case .imagesStretch: return "scaleToFill 3:1, 1:3"
        case .imagesDefault: return "no contentMode (aspectFit)"
        case .imagesAlign: return "aspectFit 1:3, align left, center, right"
        case .imagesTint: return "tint: none, #FF3B30, #007AFF"
        case .statesRole: return "role button, row"
        case .statesSelected: return "row selected true, false"
        case .statesEnabled: return "button enabled true, false"
        case .statesImage: return "imageState none, loading, loaded, failed"
        case .motionRotation: return "rotation -90, 90, 180 (text)"
        case .motionCentre: return "animation: turns about centre"
        case .motionAnchor: return "animation: turns about anchor"
        case .motionMovie: return "movie: loop, once, no movie"
        case .orderZ: return "z 3 over 2 over 1 (ids a, b, c)"
        case .orderID: return "equal z: ids 10 < 9 < Z < a"
        case .orderGroup: return "group: draws nothing itself"
        case .scrollContent: return "content layer: clipped, scrolls; orange: screen layer"
        }
    }

    /// Whether the patch takes a whole row rather than half of one.
    var wide: Bool {
        switch self {
        case .textAlign, .textVerticalAlign, .wrapFree, .wrapOneLine, .wrapTwoLines, .wrapRuns, .wrapFallback,
             .imagesAlign, .statesImage, .scrollContent: return true
        default: return false
        }
    }

    /// The sample's height in points, below the label.
    var sampleHeight: Double {
        switch self {
        case .textAlign: return 84
        case .textVerticalAlign: return 60
        case .wrapFree: return 64
        case .wrapOneLine, .wrapFallback: return 24
        case .wrapTwoLines: return 36
        case .wrapRuns: return 60
        case .imagesFit, .imagesFill, .imagesStretch, .imagesDefault: return 72
        case .imagesAlign, .imagesTint, .statesImage, .statesRole, .statesSelected, .statesEnabled, .motionMovie: return 60
        case .scrollContent: return 320
        default: return 100
        }
    }
}

extension TestcardPage {
    /// The page's patches, in the order they are laid out.
    public var patches: [TestcardPatch] { TestcardPatch.allCases.filter { $0.page == self } }
}
