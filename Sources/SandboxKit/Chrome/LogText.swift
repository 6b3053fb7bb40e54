import Foundation

/// Text clean-ups for log lines.
public enum LogText {
    /// `line` with every negative zero ("-0", "-0.00") written without its sign: a formatted −0.3 rounds to "-0",
    /// which reads as a bug. Minus signs of other numbers, and hyphens in words, stay.
    public static func withoutNegativeZeros(_ line: String) -> String {
        guard line.contains("-0") else { return line }
        let chars = Array(line)
        var out = ""
        out.reserveCapacity(chars.count)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "-", i + 1 < chars.count, chars[i + 1] == "0",
                i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == ".")
            {
                // The number after the sign: digits and at most one point.
                var j = i + 1
                var allZero = true
                while j < chars.count, chars[j].isNumber || chars[j] == "." {
                    if chars[j].isNumber, chars[j] != "0" { allZero = false }
                    j += 1
                }
                if allZero {
                    i += 1
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return out
    }
}
