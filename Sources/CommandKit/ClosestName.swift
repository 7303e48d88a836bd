/// The valid name closest to a mistyped one, for "did you mean …?" in usage errors.
enum ClosestName {
    /// The candidate with the smallest edit distance to `name`, if it is close enough to be
    /// a typo (at most a third of the longer name's length, and at least 1 edit allowed).
    static func closest(to name: String, among candidates: [String]) -> String? {
        let typed = Array(name)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate))
            let allowed = max(1, max(typed.count, candidate.count) / 3)
            guard distance <= allowed else { continue }
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Levenshtein distance (insertions, deletions, substitutions).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
