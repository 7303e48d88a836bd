import CommandKit

extension ParsedArguments {
    /// The value of `option` as a whole number in `range`; `nil` when the option was not given.
    /// - Throws: ``CommandKit/UsageError`` "`--seconds takes a whole number from 1 to 60, not 'x'`".
    func wholeNumber(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(UsageError.quoted(text))")
        }
        return number
    }
}
