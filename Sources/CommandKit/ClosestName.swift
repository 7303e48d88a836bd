/// The valid name closest to a mistyped one, for "did you mean …?" in usage errors.
package enum ClosestName {
    /// The candidate with the smallest edit distance to `name`, if it is close enough to be
    /// a typo (at most a third of the longer name's length, and at least 1 edit allowed).
    package static func closest(to name: String, among candidates: [String]) -> String? {
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

    /// The optimal string alignment distance: insertions, deletions, substitutions and
    /// swaps of two neighbouring characters (`hsah` is one edit from `hash`), each one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var distance = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { distance[i][0] = i }
        for j in 0...b.count { distance[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let substitution = distance[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                distance[i][j] = min(distance[i - 1][j] + 1, distance[i][j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
                }
            }
        }
        return distance[a.count][b.count]
    }
}
