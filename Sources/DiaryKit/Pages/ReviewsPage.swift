import Foundation
import Mustache

/// The shelf of reviews (`reviews/`), and a review as every page shows it.
extension SitePages {
    func reviewsContext(_ shelf: ReviewShelf) -> TemplateFields {
        let root = "../"
        return [
            "shelves": .list(shelf.shelves.map { shelf -> TemplateValue in
                [
                    "kind": .text(shelf.kind.rawValue),
                    "title": .text(words["review_kind_" + shelf.kind.rawValue]),
                    "years": .list(shelf.years.map { year, items -> TemplateValue in
                        ["year": .text(String(year)), "items": .list(items.map { reviewCard($0, root: root, linkingEntry: true) })]
                    }),
                ]
            }),
        ]
    }

    /// A review's card: its cover (or a typographic stand-in), title, maker and stars,
    /// and on the shelf the day it was written.
    func reviewCard(_ item: ReviewShelf.Item, root: String, linkingEntry: Bool) -> TemplateValue {
        let review = item.review
        var context: TemplateFields = [
            "title": .text(review.title),
            "initial": .text(String(review.title.first.map(String.init) ?? "?")),
            "kind": .text(words["review_kind_" + review.kind.rawValue]),
            // Every field set, so no section finds a value of the page around it.
            "by": review.by.map(TemplateValue.text) ?? .flag(false),
            "stars": review.rating.map(stars) ?? .flag(false),
            "cover": item.cover.map { .text(ContentLinks.leadsOutside($0) ? $0 : root + $0) } ?? .flag(false),
            "href": .flag(false),
        ]
        if linkingEntry {
            context["href"] = .text(root + SitePaths.day(item.entry.date))
            context["dayTitle"] = .text(names.short(item.entry.date))
        }
        return .object(context)
    }

    /// A rating as five stars, filled as far as the rating goes, that a screen reader
    /// reads as "4.5 out of 5".
    func stars(_ rating: Double) -> TemplateValue {
        ["label": .text(words.format("rating_out_of", ["rating": decimalText(rating, maxFractionDigits: 1)])),
         "percent": .text(String(Int((rating * 20).rounded())))]
    }

    /// "2 books, 1 movie; average 4 ★": a month's reviews in a line, nil without any.
    func reviewSummary(_ shelf: ReviewShelf) -> String? {
        guard !shelf.items.isEmpty else { return nil }
        let counts = shelf.counts.map { words.counted("n_reviews_" + $0.kind.rawValue, $0.count) }.joined(separator: ", ")
        guard let average = shelf.averageRating else { return counts }
        return counts + "; " + words.format("average_rating", ["rating": decimalText(average, maxFractionDigits: 1)])
    }
}
