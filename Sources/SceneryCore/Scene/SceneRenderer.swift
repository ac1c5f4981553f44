/// A render's parts and sections as the engine keeps them until the next one.
public struct RenderedScreen<Part: ScreenPart> {
    @usableFromInline var parts: [PartEntry<Part>] = []
    @usableFromInline var sections: [SectionEntry<Part>] = []
    /// An empty array with storage for the next render's parts (two are kept in turn, so a
    /// render does not allocate its list of parts).
    @usableFromInline var spare: [PartEntry<Part>] = []
    @usableFromInline var spareSections: [SectionEntry<Part>] = []
    /// How many node groups the render had, its sections' included.
    @usableFromInline var groupCount = 0

    public init() {}

    /// The groups in display order: the parts', then each section's.
    @inlinable func groups() -> [NodeGroup] {
        var groups: [NodeGroup] = []
        groups.reserveCapacity(groupCount)
        for entry in parts { groups.append(entry.group) }
        for section in sections { section.appendGroups(to: &groups) }
        return groups
    }
}

/// A render's model, kept until the next render is compared with it.
@usableFromInline final class ModelBox<Model: Equatable> {
    @usableFromInline let model: Model
    @inlinable init(_ model: Model) { self.model = model }

    /// Whether the box holds `other` (compared in place, without copying the model out).
    @inlinable func holds(_ other: borrowing Model) -> Bool { model == other }
}

/// The engine's one way to render a scene: it runs the scene's ``Scene/render(_:into:)`` on a
/// ``Screen`` that remembers the last render, and brings the document (the display list the
/// engine holds, and the model) up to date, writing the patch.
///
/// Parts that equal the last render's keep their nodes, which the diff then skips without
/// looking at them; sections whose inputs are unchanged are not walked at all. When the render
/// has the same number of parts and sections as the last one (a tap that changes a row or two,
/// a scroll that keeps the same rows), the changed groups are swapped into the engine's display
/// list in place, without copying it.
public struct SceneRenderer<S: Scene> {
    @usableFromInline var last = RenderedScreen<S.Part>()
    /// The last render's model; nil before the first render.
    public var model: S.Model? { S.Model.self == JSON.self ? lastModelJSON.map { $0 as! S.Model } : lastModel?.model }
    /// Its JSON form.
    public var modelJSON: JSON? { S.Model.self == JSON.self ? lastModelJSON : lastMembers?.json }
    /// The last struct model (a JSON model is `lastModelJSON`), or none before the first render
    /// (in a box: comparing with it copies no model), and its members, which the next model's
    /// are compared with when the models differ.
    @usableFromInline var lastModel: ModelBox<S.Model>?
    @usableFromInline var lastMembers: ModelMembers?
    @usableFromInline var lastModelJSON: JSON?

    public init() {}

    /// Renders `state` and brings `display`, the last render as the engine holds it (empty
    /// before the first), up to it: the display's operations go into `patch` at `displayPath`,
    /// then the model's at `modelPath`, against the last model, or against `baseline` (the
    /// document's model so far) at the first render. Returns whether the display was updated
    /// in place.
    @inlinable @discardableResult
    public mutating func refresh(_ state: S.State, display: inout DisplayList, displayPath: String, modelPath: PatchPath,
                                 baseline: JSON, into patch: inout PatchWriter) -> Bool {
        var screen = Screen<S.Part>(last: &last)
        let newModel = S.render(state, into: &screen)
        // Taken out of the screen, which then lets go of the last render's lists, so that their
        // storage can serve the next render.
        let keptEverything = screen.level.keptEverything
        var parts: [PartEntry<S.Part>] = [], sections: [SectionEntry<S.Part>] = []
        swap(&parts, &screen.level.parts)
        swap(&sections, &screen.level.sections)
        let content = screen.content
        screen.level.lastParts = []
        screen.level.lastSections = []

        if display.content != content {
            ScrollContent.diff(display.content, content, path: PatchPath(displayPath).child("content"), into: &patch)
            display.content = content
        }
        var changes: [(position: Int, old: NodeGroup, new: NodeGroup)] = []
        // A render that kept everything (a command that changed nothing on screen) needs no walk.
        var inPlace = display.groups.count == last.groupCount && display.nodes.isEmpty
            && (keptEverything || SceneRenderer.sameShape(last.parts, last.sections, parts, sections, offset: 0, changes: &changes))
        if inPlace {
            for change in changes where display.groups[change.position] !== change.old { inPlace = false }
        }
        // The new lists become the last render's; the old ones' storage waits for the next render.
        swap(&last.parts, &parts)
        swap(&last.sections, &sections)
        if !keptEverything { last.groupCount = last.sections.reduce(last.parts.count) { $0 + $1.groupCount } }
        if inPlace {
            if !changes.isEmpty {
                var gone: [NodeGroup] = [], new: [NodeGroup] = []
                gone.reserveCapacity(changes.count)
                new.reserveCapacity(changes.count)
                for change in changes {
                    display.groups[change.position] = change.new
                    gone.append(change.old)
                    new.append(change.new)
                }
                display.patch(replaced: gone, by: new, at: displayPath, into: &patch)
            }
        } else {
            var next = DisplayList(content: content)
            next.groups = last.groups()
            next.patch(from: display, at: displayPath, into: &patch)
            display = next
        }
        if !parts.isEmpty { parts.removeAll(keepingCapacity: true) }
        swap(&last.spare, &parts)
        if !sections.isEmpty { sections.removeAll(keepingCapacity: true) }
        swap(&last.spareSections, &sections)

        diffModel(newModel, modelPath: modelPath, baseline: baseline, into: &patch)
        return inPlace
    }

    /// The model's operations into `patch` at `modelPath`, against the last model, or against
    /// `baseline` at the first render.
    @inlinable
    mutating func diffModel(_ newModel: S.Model, modelPath: PatchPath, baseline: JSON, into patch: inout PatchWriter) {
        if S.Model.self == JSON.self {
            // A JSON model is its own JSON, diffed as a tree: nothing else to keep.
            let json = newModel.json
            JSONPatch.diff(lastModelJSON ?? baseline, json, path: modelPath, into: &patch)
            lastModelJSON = json
        } else if let box = lastModel {
            // A struct model: listed and compared member by member only when it changed.
            if !box.holds(newModel) {
                var members = ModelMembers(capacity: lastMembers!.entries.count)
                newModel.members(into: &members)
                members.diff(from: lastMembers!, path: modelPath, into: &patch)
                lastMembers = members
                lastModel = ModelBox(newModel)
            }
        } else {
            var members = ModelMembers()
            newModel.members(into: &members)
            JSONPatch.diff(baseline, members.json, path: modelPath, into: &patch)
            lastMembers = members
            lastModel = ModelBox(newModel)
        }
    }

    /// Whether the new parts and sections line up one for one with the old ones (the same
    /// counts, level by level), so that the new groups can take the old ones' places; the
    /// groups that changed are appended to `changes` with their positions in the display list.
    @inlinable static func sameShape(_ oldParts: [PartEntry<S.Part>], _ oldSections: [SectionEntry<S.Part>],
                          _ newParts: [PartEntry<S.Part>], _ newSections: [SectionEntry<S.Part>], offset: Int,
                          changes: inout [(position: Int, old: NodeGroup, new: NodeGroup)]) -> Bool {
        guard oldParts.count == newParts.count, oldSections.count == newSections.count else { return false }
        var i = 0
        while i < newParts.count {
            if oldParts[i] !== newParts[i] {
                if changes.capacity == 0 { changes.reserveCapacity(4) }  // a tap changes a few parts
                changes.append((offset + i, oldParts[i].group, newParts[i].group))
            }
            i += 1
        }
        var position = offset + newParts.count
        i = 0
        while i < newSections.count {
            let old = oldSections[i], new = newSections[i]
            if old !== new {
                guard sameShape(old.parts, old.sections, new.parts, new.sections, offset: position, changes: &changes) else { return false }
            }
            position += new.groupCount
            i += 1
        }
        return true
    }
}

extension Scene {
    /// The model and display of `state` rendered from scratch, as a front end that opened the
    /// scene in that state would see them (tests and tools; the engine renders through a
    /// ``SceneRenderer``).
    public static func render(_ state: State) -> (model: Model, display: DisplayList) {
        var renderer = SceneRenderer<Self>()
        var display = DisplayList()
        var patch = PatchWriter()
        renderer.refresh(state, display: &display, displayPath: "/display", modelPath: PatchPath("/model"), baseline: .null, into: &patch)
        return (renderer.model!, display)
    }
}
