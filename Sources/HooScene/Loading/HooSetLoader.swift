import SceneryCore

/// Loads Hoo sets from a folder of `##.zip` archives and/or `##` folders, or one archive.
///
/// What a path may be:
/// - a folder of sets: every `##.zip` (1 to 9 digits, `.zip` in any case) and every `##`
///   folder in it is one set, numbered by its name; other names (`__MACOSX`, `.DS_Store`,
///   `README`) are ignored;
/// - one set folder (it holds `hoo_set.json`), or one archive: a single set, numbered by its
///   name's digits, or 1 when the name has none.
///
/// Sets come out ordered by number. When a folder and an archive have the same number (`03/`
/// next to `03.zip`), the folder is loaded and the archive silently skipped: that is the seed's
/// "already unzipped" case. Two archives or two folders with the same number (`3.zip`,
/// `03.zip`) load the first by name; each other one is a failure naming that one.
///
/// A source that fails is one ``HooLoadFailure`` and contributes nothing; the others load.
/// Progress is reported once per source loaded or refused, in order, with its path as `item`
/// (duplicates set aside before loading get no report).
/// All file access goes through the context's environment (`fileInfo`, `listDirectory`,
/// `readFile`, `readFileRange`).
public enum HooSetLoader {
    /// Loads every set under `path` within the standard ``ZipLimits``, reporting progress once
    /// per archive or folder. Never throws: a source that fails is a ``HooLoadFailure`` (a
    /// missing `path` is one failure).
    public static func load(path: String, context: JobContext) -> HooLoadResult {
        load(path: path, context: context, limits: .standard)
    }

    /// ``load(path:context:)`` with other limits (tests use small ones).
    public static func load(path: String, context: JobContext, limits: ZipLimits) -> HooLoadResult {
        let environment = context.environment
        let plan: [Step]
        switch sources(at: path, environment) {
        case .success(let steps): plan = steps
        case .failure(let refusal): return HooLoadResult(sets: [], failures: [HooLoadFailure(source: path, reason: refusal.reason)])
        }
        let total = plan.reduce(0) { $0 + ($1.skipReason == nil ? 1 : 0) }
        var sets: [HooSet] = []
        var failures: [HooLoadFailure] = []
        var done = 0
        let inflater = ZipInflater()
        for step in plan {
            if let reason = step.skipReason {
                failures.append(HooLoadFailure(source: step.path, reason: reason))
                continue
            }
            do throws(HooSetRefusal) {
                if step.isArchive {
                    sets.append(try HooArchiveSet.load(number: step.number, path: step.path, environment: environment,
                                                       limits: limits, inflater: inflater))
                } else {
                    sets.append(try HooFolderSet.load(number: step.number, path: step.path, environment: environment, limits: limits))
                }
            } catch {
                failures.append(HooLoadFailure(source: step.path, reason: error.reason))
            }
            done += 1
            context.progress(JobProgress(done: done, total: total, item: step.path))
        }
        return HooLoadResult(sets: sets, failures: failures)
    }

    /// One source to load, or one refused before loading (`skipReason`), in set order.
    private struct Step {
        var number: Int
        var path: String
        var isArchive: Bool
        var skipReason: String?
    }

    private static func sources(at path: String, _ environment: SceneEnvironment) -> Result<[Step], HooSetRefusal> {
        guard let info = environment.fileInfo(path) else { return .failure(HooSetRefusal("no such file or folder")) }
        let name = lastComponent(path)
        if !info.isDirectory {
            return .success([Step(number: archiveNumber(name) ?? 1, path: path, isArchive: true)])
        }
        let names: [String]
        do throws(RPCError) { names = try environment.listDirectory(path) } catch { return .failure(HooSetRefusal(error.message)) }
        if names.contains("hoo_set.json") {
            return .success([Step(number: HooSetLayout<Int>.number(Substring(name)) ?? 1, path: path, isArchive: false)])
        }
        // Per number, the candidates in preference order: folders first, then by name.
        var candidates: [Int: [Step]] = [:]
        for child in names where !HooSetLayout<Int>.isJunk(Substring(child)) {
            if let number = archiveNumber(child) {
                candidates[number, default: []].append(Step(number: number, path: join(path, child), isArchive: true))
            } else if let number = HooSetLayout<Int>.number(Substring(child)), environment.fileInfo(join(path, child))?.isDirectory == true {
                candidates[number, default: []].append(Step(number: number, path: join(path, child), isArchive: false))
            }
        }
        guard !candidates.isEmpty else { return .failure(HooSetRefusal("no set archives (##.zip) or set folders (##) in this folder")) }
        var steps: [Step] = []
        for (_, group) in candidates.sorted(by: { $0.key < $1.key }) {
            // Stable: names were listed in byte order, and folders move ahead of archives.
            let ordered = group.filter { !$0.isArchive } + group.filter { $0.isArchive }
            let chosen = ordered[0]
            steps.append(chosen)
            for other in ordered.dropFirst() where other.isArchive == chosen.isArchive {
                var skipped = other
                skipped.skipReason = "set number \(other.number) is taken by \(chosen.path); one source per number is loaded"
                steps.append(skipped)
            }
        }
        return .success(steps)
    }

    /// `03.zip` (any case of `.zip`) → 3; nil for other names.
    private static func archiveNumber(_ name: String) -> Int? {
        let utf8 = name.utf8
        guard utf8.count > 4 else { return nil }
        let stem = utf8.dropLast(4), suffix = utf8.suffix(4)
        guard suffix.map({ $0 | 0x20 }).elementsEqual(".zip".utf8) else { return nil }
        return HooSetLayout<Int>.number(Substring(stem))
    }

    private static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }

    /// `folder/name`, without doubling a trailing `/`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
