/// A modal alert any scene can show (UIKit's `UIAlertController` in the `.alert` style): the
/// screen dimmed, a box with a title, a message and its action buttons above everything else.
///
/// A scene keeps the alert it shows in its state, adds ``nodes(viewport:)`` to its display and
/// ``json`` to its model as `model.alert`, and while it shows sends every tap through
/// ``response(toTap:)``: only its buttons do anything, and each dismisses it. Node ids start
/// with `alert.`, so they never meet a scene's own.
public struct Alert: Equatable, Sendable {
    /// One button of the alert.
    public struct Action: Equatable, Sendable {
        /// How the button reads: `cancel` is bold, `destructive` red, `default` plain.
        public enum Style: String, Sendable {
            case `default`, cancel, destructive
        }

        public var title: String
        public var style: Style

        public init(_ title: String, style: Style = .default) {
            self.title = title; self.style = style
        }
    }

    /// What a tap means while the alert shows.
    public enum TapResponse: Equatable, Sendable {
        /// An action's button (or its label): the alert is dismissed with this action.
        case action(Int)
        /// Anything else: the dimmed screen, the box, the texts, nothing. Nothing changes.
        case outside
    }

    public var title: String
    public var message: String
    public var actions: [Action]
    /// What the alert is about, for the model (`"settings"`, `"book.17"`): the scene's word.
    public var subject: String

    public init(title: String, message: String, actions: [Action] = [Action("OK", style: .cancel)], subject: String) {
        self.title = title; self.message = message; self.actions = actions.isEmpty ? [Action("OK", style: .cancel)] : actions
        self.subject = subject
    }

    /// The box's node id: a display that has it shows an alert.
    public static let boxID = "alert.box"

    /// Whether node `id` is one of an alert's nodes (`alert.` and more).
    public static func owns(_ id: String) -> Bool { id.hasPrefix("alert.") }

    /// The id of action `index`'s button (its label is the same id + `.label`).
    public static func actionID(_ index: Int) -> String { "alert.action.\(index)" }

    /// The meaning of a tap on the node `id` (nil: a point that hit nothing).
    public func response(toTap id: String?) -> TapResponse {
        guard let id else { return .outside }
        let parts = NodeID(id)
        guard parts.component(0, is: "alert"), parts.component(1, is: "action"), let index = parts.number(2),
              index < actions.count, parts.component(3) == nil || parts.component(3) == "label" else { return .outside }
        return .action(index)
    }

    /// `model.alert`: `{title, message, actions: [{title, style}], subject}`.
    public var json: JSON {
        [
            "actions": .array(actions.map { ["style": .string($0.style.rawValue), "title": .string($0.title)] }),
            "message": .string(message),
            "subject": .string(subject),
            "title": .string(title),
        ]
    }

    // MARK: Layout

    /// UIKit's alert metrics on iPhone (points): 270 wide, corners 14, title 17 semibold and
    /// message 13 regular, 20 above the title, 2 between, 20 below the message, buttons 44 tall
    /// under a hairline, side by side when there are two, stacked otherwise.
    public enum Metrics {
        public static let width = 270.0, cornerRadius = 14.0, sideInset = 16.0
        public static let titleTop = 20.0, titleSize = 17.0, titleLineHeight = 22.0
        public static let messageGap = 2.0, messageSize = 13.0, messageLineHeight = 16.0, messageBottom = 20.0
        public static let buttonHeight = 44.0, buttonSize = 17.0, hairline = 0.333
        /// The system font's average advance, for counting the lines a text takes: 0.5 em.
        public static let averageAdvance = 0.5
        public static let dimming = "#000000", dimmingOpacity = 0.4
        public static let box = "#F2F2F2", boxOpacity = 0.97, separator = "#C6C6C8"
        public static let tint = "#007AFF", destructive = "#FF3B30", text = "#000000"
        public static let font = "SF Pro Text", fontFallback = "Helvetica Neue"
        /// Above every scene's nodes.
        public static let z = 1000
    }

    /// How many lines `text` takes at `size` in `width`, by the average advance (a front end
    /// lays the text out itself; the count only sizes the box). At least one.
    static func lines(_ text: String, size: Double, width: Double) -> Int {
        guard width > 0 else { return 1 }
        let perLine = max(1, Int(width / (size * Metrics.averageAdvance)))
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += max(1, (paragraph.count + perLine - 1) / perLine)
        }
        return max(1, lines)
    }

    /// The alert's nodes on `viewport`: the dimmed screen, the box centred in the safe area, the
    /// title, the message, the hairlines and a button with its label per action.
    public func nodes(viewport: Viewport) -> [(id: String, node: Node)] {
        typealias M = Metrics
        let safe = viewport.safeArea
        let width = min(M.width, max(1, viewport.width - safe.left - safe.right - 2 * M.sideInset))
        let textWidth = max(1, width - 2 * M.sideInset)
        let titleHeight = Double(Alert.lines(title, size: M.titleSize, width: textWidth)) * M.titleLineHeight
        let messageHeight = message.isEmpty ? 0 : Double(Alert.lines(message, size: M.messageSize, width: textWidth)) * M.messageLineHeight
        let sideBySide = actions.count == 2
        let buttonsHeight = M.buttonHeight * Double(sideBySide ? 1 : actions.count)
        let textHeight = M.titleTop + titleHeight + (message.isEmpty ? 0 : M.messageGap + messageHeight) + M.messageBottom
        let height = textHeight + buttonsHeight
        let x = safe.left + (viewport.width - safe.left - safe.right - width) / 2
        let y = safe.top + (viewport.height - safe.top - safe.bottom - height) / 2
        let z = M.z
        let text: JSONObject = ["align": "center", "fontFallback": .string(M.fontFallback), "verticalAlign": "center"]
        let label: JSONObject = ["align": "center", "fontFallback": .string(M.fontFallback), "lines": 1, "verticalAlign": "center"]
        var nodes: [(id: String, node: Node)] = [
            ("alert.dim", Node(.rect, frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height), z: z,
                               style: ["background": .string(M.dimming), "opacity": .number(M.dimmingOpacity)])),
            (Alert.boxID, Node(.rect, frame: Rect(x: x, y: y, width: width, height: height), z: z + 1,
                               style: ["background": .string(M.box), "cornerRadius": .number(M.cornerRadius), "opacity": .number(M.boxOpacity)])),
            ("alert.title", Node(.text, frame: Rect(x: x + M.sideInset, y: y + M.titleTop, width: textWidth, height: titleHeight), z: z + 2,
                                 style: text,
                                 text: [TextRun(title, font: M.font, size: M.titleSize, weight: "semibold", color: M.text)])),
        ]
        if !message.isEmpty {
            nodes.append(("alert.message", Node(.text, frame: Rect(x: x + M.sideInset, y: y + M.titleTop + titleHeight + M.messageGap, width: textWidth, height: messageHeight),
                                                z: z + 2, style: text,
                                                text: [TextRun(message, font: M.font, size: M.messageSize, color: M.text)])))
        }
        let buttonsTop = y + textHeight
        nodes.append(("alert.separator", Node(.line, frame: Rect(x: x, y: buttonsTop, width: width, height: M.hairline), z: z + 2,
                                              style: ["color": .string(M.separator)])))
        for (index, action) in actions.enumerated() {
            let frame: Rect
            if sideBySide {
                frame = Rect(x: x + Double(index) * width / 2, y: buttonsTop, width: width / 2, height: M.buttonHeight)
            } else {
                frame = Rect(x: x, y: buttonsTop + Double(index) * M.buttonHeight, width: width, height: M.buttonHeight)
            }
            let id = Alert.actionID(index)
            nodes.append((id, Node(.rect, frame: frame, z: z + 2, style: ["role": "button"])))
            nodes.append((id + ".label", Node(.text, frame: frame, z: z + 3, style: label,
                                              text: [TextRun(action.title, font: M.font, size: M.buttonSize,
                                                             weight: action.style == .cancel ? "semibold" : "regular",
                                                             color: action.style == .destructive ? M.destructive : M.tint)])))
            if index > 0 {
                let separator = sideBySide ? Rect(x: frame.x, y: frame.y, width: M.hairline, height: frame.height)
                    : Rect(x: frame.x, y: frame.y, width: frame.width, height: M.hairline)
                nodes.append((id + ".separator", Node(.line, frame: separator, z: z + 3, style: ["color": .string(M.separator)])))
            }
        }
        return nodes
    }
}
