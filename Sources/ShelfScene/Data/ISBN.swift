/// ISBN-13 arithmetic for the sample books.
public enum ISBN {
    /// The check digit of the first twelve digits: weights 1 and 3 alternating, the digit that
    /// brings the sum to a multiple of ten.
    public static func checkDigit(_ twelve: [Int]) -> Int {
        precondition(twelve.count == 12)
        let sum = twelve.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return (10 - sum % 10) % 10
    }

    /// Whether `text` is 13 digits whose last is the check digit of the others.
    public static func isValid(_ text: String) -> Bool {
        let digits = text.compactMap(\.wholeNumberValue)
        return digits.count == 13 && text.count == 13 && checkDigit(Array(digits.prefix(12))) == digits[12]
    }
}
