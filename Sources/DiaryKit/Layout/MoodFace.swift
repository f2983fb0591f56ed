import Mustache

/// A mood drawn as a face in its colour, for sites that choose `mood_icons: faces`:
/// the mouth curves up for the best mood and down for the worst, by where the mood
/// stands on the scale, so it reads without an emoji font and without colour.
enum MoodFace {
    static func svg(_ mood: Mood, on scale: MoodScale) -> String {
        let range = scale.scoreRange
        let position = range.upperBound > range.lowerBound ? (mood.score - range.lowerBound) / (range.upperBound - range.lowerBound) : 0.5
        // The mouth's middle: below its ends for a smile, above them for a frown.
        let bend = decimalText(15 + (position - 0.5) * 14, maxFractionDigits: 1)
        let ink = readableInk(on: mood.color)
        return "<svg class=\"face\" viewBox=\"0 0 24 24\" width=\"1em\" height=\"1em\" aria-hidden=\"true\" focusable=\"false\">"
            + "<circle cx=\"12\" cy=\"12\" r=\"11\" fill=\"\(escapeXML(mood.color))\" stroke=\"\(ink)\" stroke-width=\"1\"/>"
            + "<circle cx=\"8.3\" cy=\"9.5\" r=\"1.5\" fill=\"\(ink)\"/><circle cx=\"15.7\" cy=\"9.5\" r=\"1.5\" fill=\"\(ink)\"/>"
            + "<path d=\"M7 15 Q12 \(bend) 17 15\" fill=\"none\" stroke=\"\(ink)\" stroke-width=\"1.8\" stroke-linecap=\"round\"/></svg>"
    }
}
