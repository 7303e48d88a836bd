import AppBundle
import Foundation

/// What to audit and how.
public struct AuditRequest: Sendable {
    /// Folders or files; relative paths resolve against the current directory.
    public var paths: [String]
    /// Paths matching any of these are skipped.
    public var excludes: [Glob]
    /// Whether `Pods/`, `Carthage/` and the other vendored folders are scanned.
    public var includeVendored: Bool
    /// The rules to run.
    public var rules: [any AuditRule]
    /// Known findings not to report.
    public var baseline: Baseline?
    /// Whether Swift parses skip the declarations no rule can report on (``FocusedParse``).
    /// It changes speed, never findings; off only to test exactly that.
    public var focusedParsing = true
    /// Whether rules are skipped on files their ``AuditRule/triggers`` and
    /// ``AuditRule/preCheck`` rule out. It changes speed, never findings; off (which also
    /// turns ``focusedParsing`` off) only to test exactly that.
    public var preChecks = true

    public init(paths: [String], excludes: [Glob] = [], includeVendored: Bool = false, rules: [any AuditRule], baseline: Baseline? = nil) {
        self.paths = paths
        self.excludes = excludes
        self.includeVendored = includeVendored
        self.rules = rules
        self.baseline = baseline
    }
}

/// What an audit found.
public struct AuditResult: Sendable {
    /// Findings to report, sorted by file, line, column and rule.
    public var findings: [Finding]
    /// The rules that ran.
    public var rules: [RuleMetadata]
    /// Files read.
    public var filesScanned: Int
    /// Lines of Swift read.
    public var swiftLines: Int
    /// Findings silenced by `devicetrust:ignore` comments.
    public var suppressedInline: Int
    /// Findings silenced by the baseline.
    public var suppressedByBaseline: Int
    /// Files that could not be scanned and why (a malformed plist, a file too large).
    public var notes: [String]
}

/// Runs rules over a tree: reads and parses files in parallel, gathers project facts
/// from the property lists, runs every rule on every file in parallel, then applies
/// suppressions, fingerprints and the baseline.
public enum AuditRunner {
    /// Audits the files under `request.paths`.
    public static func run(_ request: AuditRequest) throws(AuditInputError) -> AuditResult {
        // Built apps (`App.ipa`, `Build/App.app`) are read as bundles, each its own project;
        // everything else as source trees.
        let builtApps = request.paths.filter { BuiltApp.isBuiltApp(SourceDiscovery.absolutePath($0)) }
        let sourcePaths = request.paths.filter { !builtApps.contains($0) }
        var (files, projects, notes) = try loadSources(sourcePaths, request)
        for (index, path) in builtApps.enumerated() {
            let shown = path.hasSuffix("/") ? String(path.dropLast()) : path
            let scanned = try BuiltAppScan.scan(path: SourceDiscovery.absolutePath(path), shown: shown)
            files += scanned.files
            projects += Array(repeating: sourcePaths.count + index, count: scanned.files.count)
            notes += scanned.notes
        }
        var result = audit(
            files: files, projects: projects, rules: request.rules, baseline: request.baseline, focusedParsing: request.focusedParsing,
            preChecks: request.preChecks)
        result.notes = notes + result.notes
        return result
    }

    /// The source files under `paths`, read and parsed in parallel, with each one's project
    /// (the path it was found under) and the notes of what was skipped.
    private static func loadSources(_ paths: [String], _ request: AuditRequest) throws(AuditInputError) -> ([ScannedFile], [Int], [String]) {
        guard !paths.isEmpty else { return ([], [], []) }
        let discovered = try SourceDiscovery.discover(
            paths: paths, root: scanRoot(for: paths), excludes: request.excludes, includeVendored: request.includeVendored)
        let loaded = ParallelSlots<LoadedFile>(count: discovered.files.count)
        DispatchQueue.concurrentPerform(iterations: discovered.files.count) { index in
            let (absolute, relative) = discovered.files[index]
            loaded.set(index, load(absolute: absolute, relative: relative))
        }
        var files: [ScannedFile] = []
        var projects: [Int] = []
        var notes = discovered.skipped
        for (index, slot) in loaded.values.enumerated() {
            switch slot {
            case .scanned(let file):
                files.append(file)
                projects.append(discovered.projects[index])
            case .note(let note): notes.append(note)
            case .unreadable(let message): throw AuditInputError(message)
            case nil: break
            }
        }
        return (files, projects, notes)
    }

    /// Audits files already in memory, by relative path: the rule tests' entry point.
    public static func audit(contents: [(path: String, data: Data)], rules: [any AuditRule], focusedParsing: Bool = true, preChecks: Bool = true) -> AuditResult
    {
        var files: [ScannedFile] = []
        var notes: [String] = []
        for (path, data) in contents {
            switch parse(relative: path, data: data) {
            case .scanned(let file): files.append(file)
            case .note(let note), .unreadable(let note): notes.append(note)
            }
        }
        var result = audit(files: files, rules: rules, baseline: nil, focusedParsing: focusedParsing, preChecks: preChecks)
        result.notes += notes
        return result
    }

    /// `focusedParsing`: whether Swift parses skip the declarations no rule can report on
    /// (``FocusedParse``); off only to test that it changes nothing. `preChecks`: whether
    /// triggers and pre-checks skip rules (off: every rule checks every file, whole).
    ///
    /// `projects` gives each file's project (the path it was found under); a project's
    /// property lists are the facts for its own code only. Nil: all files are one project.
    package static func audit(
        files: [ScannedFile], projects: [Int]? = nil, rules: [any AuditRule], baseline: Baseline?, focusedParsing: Bool = true, preChecks: Bool = true
    ) -> AuditResult {
        let projectOf = projects ?? Array(repeating: 0, count: files.count)
        var members: [Int: [ScannedFile]] = [:]
        for (index, file) in files.enumerated() { members[projectOf[index], default: []].append(file) }
        let facts = members.mapValues { ProjectFacts(files: $0) }
        let perFile = ParallelSlots<FileFindings>(count: files.count)
        // Largest files first, so that no worker is left with a big file at the end.
        let order = files.indices.sorted { (files[$0].text?.utf8.count ?? 0) > (files[$1].text?.utf8.count ?? 0) }
        DispatchQueue.concurrentPerform(iterations: files.count) { position in
            let index = order[position]
            let project = facts[projectOf[index]] ?? ProjectFacts(files: [])
            perFile.set(index, check(files[index], rules: rules, project: project, focusedParsing: focusedParsing && preChecks, preChecks: preChecks))
            // Its rules have run: the parse need not be held until the end of the audit.
            if case .swift(let swift) = files[index] { swift.discardDerivedState() }
        }
        var findings: [Finding] = []
        var suppressedInline = 0
        var projectFacts: [String: (index: Int, others: Int)] = [:]
        for (index, slot) in perFile.values.enumerated() {
            guard let outcome = slot else { continue }
            suppressedInline += outcome.suppressed
            for finding in outcome.findings {
                guard let fact = finding.projectFact else {
                    findings.append(finding)
                    continue
                }
                // Files come in path order: the first file states the fact, the others are counted.
                let key = "\(projectOf[index])\u{1F}\(finding.rule.id)\u{1F}\(fact)"
                if let first = projectFacts[key] {
                    if findings[first.index].file != finding.file { projectFacts[key] = (first.index, first.others + 1) }
                } else {
                    projectFacts[key] = (findings.count, 0)
                    findings.append(finding)
                }
            }
        }
        for (index, others) in projectFacts.values where others > 0 {
            findings[index] = findings[index].withMessage(findings[index].message + " (and in \(others) other file\(others == 1 ? "" : "s"))")
        }
        var suppressedByBaseline = 0
        if let known = baseline?.fingerprintSet {
            let before = findings.count
            findings.removeAll { known.contains($0.fingerprint) }
            suppressedByBaseline = before - findings.count
        }
        findings.sort {
            ($0.file, $0.range, $0.binaryLocation?.offset ?? -1, $0.rule.id) < ($1.file, $1.range, $1.binaryLocation?.offset ?? -1, $1.rule.id)
        }
        let swiftLines = files.reduce(0) { total, file in
            if case .swift(let swift) = file { return total + swift.text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }
            return total
        }
        return AuditResult(
            findings: findings, rules: rules.map(\.metadata), filesScanned: files.count, swiftLines: swiftLines,
            suppressedInline: suppressedInline, suppressedByBaseline: suppressedByBaseline, notes: []
        )
    }

    private struct FileFindings {
        var findings: [Finding]
        var suppressed: Int
    }

    private static func check(_ file: ScannedFile, rules: [any AuditRule], project: ProjectFacts, focusedParsing: Bool, preChecks: Bool) -> FileFindings {
        let text = file.text
        // Only files with findings need their suppressions and lines.
        var suppressions: Suppressions?
        var lines: [Substring] = []
        var findings: [Finding] = []
        var suppressed = 0
        var occurrences: [String: Int] = [:]
        let isThirdParty = SourceDiscovery.isCopiedThirdParty(file.path)
        var isTestCode = TestPaths.contains(file.path)
        if !isTestCode, let text, file.isSource { isTestCode = TestPaths.isTestSource(text) }
        let applicable = rules.filter { rule in
            if isTestCode && rule.skipsTestCode { return false }
            guard preChecks else { return true }
            if let text, !rule.triggers.isEmpty {
                var searched = text
                if rule.triggersAreCode, case .swift(let swift) = file { searched = swift.codeText }
                if !ByteSearch.containsAny(searched, rule.triggers) { return false }
            }
            return rule.preCheck.passes(file)
        }
        if focusedParsing, case .swift(let swift) = file { swift.focusParse(on: applicable) }
        for rule in applicable {
            // Matches of one place (every match in a binary is at line 1) are ordered by their
            // offset and message, so the report is the same on every run.
            let matches = Set(rule.check(file, project: project)).sorted {
                ($0.range, $0.binaryLocation?.offset ?? -1, $0.message) < ($1.range, $1.binaryLocation?.offset ?? -1, $1.message)
            }
            if !matches.isEmpty && suppressions == nil {
                suppressions = Suppressions(text: text)
                lines = text?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
            }
            for match in matches {
                if suppressions?.suppresses(rule.metadata.id, line: match.range.line) == true {
                    suppressed += 1
                    continue
                }
                // A binary has no lines: its message (not its offset, which moves between builds) keys it.
                let lineText = match.binaryLocation != nil ? Substring(match.message) : match.range.line - 1 < lines.count ? lines[match.range.line - 1] : ""
                let key = rule.metadata.id + "\u{1F}" + lineText
                let occurrence = occurrences[key, default: 0]
                occurrences[key] = occurrence + 1
                findings.append(
                    Finding(
                        rule: rule.metadata, file: file.path, range: match.range, message: match.message,
                        fingerprint: Fingerprint.compute(ruleID: rule.metadata.id, path: file.path, lineText: lineText, occurrence: occurrence),
                        codePointRange: match.range.inCodePoints(lines: lines), projectFact: match.projectFact,
                        binaryLocation: match.binaryLocation, isThirdParty: isThirdParty
                    ))
            }
        }
        return FileFindings(findings: findings, suppressed: suppressed)
    }

    private enum LoadedFile {
        case scanned(ScannedFile)
        case note(String)
        case unreadable(String)
    }

    private static func load(absolute: String, relative: String) -> LoadedFile {
        let attributes = try? FileManager.default.attributesOfItem(atPath: absolute)
        if let size = attributes?[.size] as? Int, size > SourceDiscovery.maximumFileSize {
            return .note("\(relative): skipped, \(size) bytes is over the \(SourceDiscovery.maximumFileSize)-byte limit")
        }
        guard let data = FileManager.default.contents(atPath: absolute) else {
            return .unreadable("\(relative): the file cannot be read")
        }
        return parse(relative: relative, data: data)
    }

    private static func parse(relative: String, data: Data) -> LoadedFile {
        let ext = (relative as NSString).pathExtension.lowercased()
        if SourceDiscovery.propertyListExtensions.contains(ext) || (relative as NSString).lastPathComponent == SourceDiscovery.localizedInfoPlistName {
            guard let plist = PropertyListFile(path: relative, data: data) else {
                return .note("\(relative): not a valid property list, skipped")
            }
            return .scanned(.propertyList(plist))
        }
        // Invalid UTF-8 becomes U+FFFD: the rest of the file is still scanned.
        let text = String(decoding: data, as: UTF8.self)
        if SourceDiscovery.swiftExtensions.contains(ext) { return .scanned(.swift(SwiftFile(path: relative, text: text))) }
        if SourceDiscovery.objectiveCExtensions.contains(ext) { return .scanned(.objectiveC(ObjectiveCFile(path: relative, text: text))) }
        return .scanned(.text(TextFile(path: relative, text: text)))
    }

    /// The folder paths are reported relative to: the one folder given, else the
    /// current directory.
    package static func scanRoot(for paths: [String]) -> String {
        var isDirectory: ObjCBool = false
        if paths.count == 1, FileManager.default.fileExists(atPath: SourceDiscovery.absolutePath(paths[0]), isDirectory: &isDirectory), isDirectory.boolValue {
            return SourceDiscovery.absolutePath(paths[0])
        }
        return SourceDiscovery.absolutePath(".")
    }
}

/// Results written by `concurrentPerform` workers, one slot each.
package final class ParallelSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    package init(count: Int) { slots = Array(repeating: nil, count: count) }

    package func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    package var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
