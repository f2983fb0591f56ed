import Foundation

/// The cache's part for date names (`date-names`): the patterns and names ICU gave the
/// site's locale, for this program (whose ICU made them), so that a rebuild makes no
/// formatter.
extension BuildCache {
    private var dateNamesFile: URL { folder.appending(path: "date-names") }

    /// The names of `localeIdentifier`'s dates, `days` among them: from what the cache
    /// kept of the locale, or made from ICU and kept.
    func dateNames(localeIdentifier: String, days: ClosedRange<CivilDate>?) -> DateNames {
        if let recipe = loadDateNames(localeIdentifier: localeIdentifier) {
            return DateNames(localeIdentifier: localeIdentifier, days: days, recipe: recipe)
        }
        let names = DateNames(localeIdentifier: localeIdentifier, days: days)
        // A cache that cannot be written only makes the next build slower.
        try? saveDateNames(names.recipe, localeIdentifier: localeIdentifier)
        return names
    }

    func loadDateNames(localeIdentifier: String) -> DateNames.Recipe? {
        guard var reader = CacheArchive.Reader(path: dateNamesFile.path) else { return nil }
        do {
            guard try reader.fingerprint() == BuildCache.program, try reader.string() == localeIdentifier else { return nil }
            var patterns: [DatePattern?] = []
            for _ in 0..<4 {
                guard try reader.int() == 1 else { patterns.append(nil); continue }
                var parts: [DatePattern.Part] = []
                for _ in 0..<(try reader.count()) {
                    let part: DatePattern.Part = switch try reader.int() {
                    case 0: .text(try reader.string())
                    case 1: .year(digits: try reader.int())
                    case 2: .month(digits: try reader.int())
                    case 3: .day(digits: try reader.int())
                    case 4: .twoDigitYear
                    case 5: .monthName(try reader.strings())
                    case 6: .weekdayName(try reader.strings())
                    default: throw CacheArchive.Damaged()
                    }
                    parts.append(part)
                }
                patterns.append(DatePattern(parts: parts))
            }
            return DateNames.Recipe(patterns: patterns, monthNames: try reader.strings(), shortMonthNames: try reader.strings(),
                                    weekdayNames: try reader.strings(), shortWeekdayNames: try reader.strings())
        } catch {
            return nil
        }
    }

    func saveDateNames(_ recipe: DateNames.Recipe, localeIdentifier: String) throws {
        var writer = CacheArchive.Writer()
        writer.fingerprint(BuildCache.program)
        writer.string(localeIdentifier)
        for pattern in recipe.patterns {
            writer.int(pattern == nil ? 0 : 1)
            guard let pattern else { continue }
            writer.int(pattern.parts.count)
            for part in pattern.parts {
                switch part {
                case .text(let text): writer.int(0); writer.string(text)
                case .year(let digits): writer.int(1); writer.int(digits)
                case .month(let digits): writer.int(2); writer.int(digits)
                case .day(let digits): writer.int(3); writer.int(digits)
                case .twoDigitYear: writer.int(4)
                case .monthName(let names): writer.int(5); writer.strings(names)
                case .weekdayName(let names): writer.int(6); writer.strings(names)
                }
            }
        }
        for names in [recipe.monthNames, recipe.shortMonthNames, recipe.weekdayNames, recipe.shortWeekdayNames] { writer.strings(names) }
        try save(writer.bytes, to: dateNamesFile)
    }
}
