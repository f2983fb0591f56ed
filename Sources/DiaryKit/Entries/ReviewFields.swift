import Mustache

extension EntryParser {
    static let reviewKeys = ["kind", "title", "by", "rating", "finished", "cover"]

    /// `review:` as one set of keys or a list of them; each problem at its line.
    static func reviews(_ field: FrontMatterFields.Field?, path: String, errors: inout [Diagnostic], warnings: inout [Diagnostic]) -> [Review] {
        guard let field else { return [] }
        let items: [FrontMatterFields.Value]
        switch field.value.kind {
        case .mapping: items = [field.value]
        case .list(let list): items = list
        case .text(_, isNull: true): return []
        default:
            errors.append(.error(path, line: field.keyLine, "`review` should be a set of keys such as `{kind: book, title: Pachinko, rating: 4.5}`, or a list of them, not \(field.value.kindName)"))
            return []
        }
        var reviews: [Review] = []
        for item in items {
            guard case .mapping(let keys) = item.kind else {
                errors.append(.error(path, line: item.line, "each review should be a set of keys such as `{kind: book, title: Pachinko, rating: 4.5}`, not \(item.kindName)"))
                continue
            }
            if let review = review(keys, line: item.line, path: path, errors: &errors, warnings: &warnings) { reviews.append(review) }
        }
        return reviews
    }

    private static func review(_ keys: [String: FrontMatterFields.Value], line: Int, path: String,
                               errors: inout [Diagnostic], warnings: inout [Diagnostic]) -> Review? {
        var failed = false
        func text(_ key: String) -> (String, Int)? {
            guard let value = keys[key] else { return nil }
            guard case .text(let text, let isNull) = value.kind else {
                errors.append(.error(path, line: value.line, "the review's `\(key)` should be a single value, not \(value.kindName)"))
                failed = true
                return nil
            }
            let trimmed = text.trimmingSpaces
            return isNull || trimmed.isEmpty ? nil : (trimmed, value.line)
        }
        for (key, value) in keys where !reviewKeys.contains(key) {
            let hint = reviewKeys.first { isTypo(key.lowercased(), of: $0) }.map { " Did you mean `\($0)`?" } ?? ""
            warnings.append(.warning(path, line: value.line, "a review has no key `\(key)`; it takes \(reviewKeys.joined(separator: ", ")).\(hint)"))
        }
        var kind = Review.Kind.other
        if let (written, kindLine) = text("kind") {
            if let known = Review.Kind(rawValue: written.lowercased()) { kind = known } else {
                errors.append(.error(path, line: kindLine, "unknown review kind `\(written)`; a review's kind is book, movie, show or other"))
                failed = true
            }
        }
        let title = text("title")?.0
        if title == nil {
            errors.append(.error(path, line: line, "a review needs a `title`, such as `title: Pachinko`"))
            failed = true
        }
        var rating: Double?
        if let (written, ratingLine) = text("rating") {
            if let value = Double(written), (0...5).contains(value), (value * 2).rounded() == value * 2 { rating = value } else {
                errors.append(.error(path, line: ratingLine, "a rating is a number from 0 to 5 in half steps (4 or 4.5), not `\(written)`"))
                failed = true
            }
        }
        var finished: CivilDate?
        if let (written, finishedLine) = text("finished") {
            if case .success(let date) = WrittenDate.parse(written) { finished = date.date } else {
                errors.append(.error(path, line: finishedLine, "`finished` should be a date such as 2026-10-03, not `\(written)`"))
                failed = true
            }
        }
        let by = text("by")?.0, cover = text("cover")?.0
        guard !failed, let title else { return nil }
        return Review(kind: kind, title: title, by: by, rating: rating, finished: finished, cover: cover)
    }
}
