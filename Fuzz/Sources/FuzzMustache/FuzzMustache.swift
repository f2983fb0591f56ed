// A template's source through the Mustache parser, and when it parses, rendered with
// itself as a partial (so `{{> page}}` recurses) against a context of every value kind.
import Foundation
import Mustache

let context: TemplateValue = [
    "title": "Day <1> & \"quotes\"", "empty": "", "yes": true, "no": false,
    "days": [["name": "Mon", "mood": "good"], ["name": "Tue", "days": []]],
    "nested": ["deeper": ["name": "inside"]],
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let template: Template
    do {
        template = try Template(source: source)
    } catch {
        precondition(error.line >= 1 && !error.message.isEmpty, "unlocated: \(error)")
        return 0
    }
    let library = TemplateLibrary(["page": template, "partial": template], constants: ["t": ["site": "Diary"]])
    do {
        _ = try library.render("page", context)
    } catch {
        precondition(!error.message.isEmpty, "an error without a message")
    }
    return 0
}
