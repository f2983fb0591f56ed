/// Escapes text for HTML and XML content and attribute values.
func escapeXML(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}

/// A number with at most `maxFractionDigits` decimals and no trailing zeros,
/// never `-0`: the same bytes on every machine and locale.
func decimalText(_ value: Double, maxFractionDigits: Int) -> String {
    var scale = 1
    for _ in 0..<maxFractionDigits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let whole = scaled / scale, fraction = abs(scaled % scale)
    let sign = scaled < 0 && whole == 0 ? "-" : ""
    guard fraction > 0 else { return "\(sign)\(whole)" }
    var digits = pad(fraction, maxFractionDigits)
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(sign)\(whole).\(digits)"
}
