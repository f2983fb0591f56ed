import Testing
import Mustache

/// `source` rendered as the template "page", with `partials` beside it in the library;
/// a template that does not read renders as its error, so every check shows both sides.
private func render(_ source: String, _ context: TemplateValue = [:], partials: [String: String] = [:]) -> String {
    do {
        var templates = ["page": try Template(source: source)]
        for (name, text) in partials { templates[name] = try Template(source: text) }
        return try TemplateLibrary(templates).render("page", context) ?? "no page"
    } catch {
        return "error on line \(error.line): \(error.message)"
    }
}

/// The error reading `source` gives, or nil when it reads.
private func failure(_ source: String) -> TemplateError? {
    do { _ = try Template(source: source); return nil } catch { return error }
}

@Suite("Templates") struct TemplateTests {
    // MARK: Interpolation

    @Test func textWithoutTagsIsKeptAsItIs() {
        #expect(render("Grüße {aus} Köln } }} ✓\n") == "Grüße {aus} Köln } }} ✓\n")
        #expect(render("") == "")
    }

    @Test func valuesAreEscapedUnlessTripleOrAmpersand() {
        let context: TemplateValue = ["title": "Fish & <Chips> \"to go\" 'now'"]
        #expect(render("<h1>{{title}}</h1>", context) == "<h1>Fish &amp; &lt;Chips&gt; &quot;to go&quot; &#39;now&#39;</h1>")
        #expect(render("{{{title}}}|{{&title}}|{{ & title }}|{{{ title }}}", context)
            == "Fish & <Chips> \"to go\" 'now'|Fish & <Chips> \"to go\" 'now'|Fish & <Chips> \"to go\" 'now'|Fish & <Chips> \"to go\" 'now'")
        // A value's text is never read as a template.
        #expect(render("{{v}}", ["v": "{{v}}"]) == "{{v}}")
    }

    @Test func eachKindOfValueInterpolates() {
        let context: TemplateValue = ["yes": true, "no": false, "tags": ["a", "b&c", true], "place": ["city": "Oslo"], "empty": []]
        #expect(render("{{yes}} {{no}} [{{tags}}] [{{place}}] [{{empty}}] [{{nowhere}}]", context)
            == "true false [a, b&amp;c, true] [] [] []")
        #expect(render("{{{tags}}}", context) == "a, b&c, true")
    }

    @Test func dottedNamesReachIntoObjects() {
        let context: TemplateValue = [
            "trip": ["place": ["city": "Oslo"], "name": "Summer"],
            "city": "Outer", "hotel": ["name": "Outer hotel"],
        ]
        #expect(render("{{trip.place.city}} {{{trip.name}}} {{&trip.place.city}}", context) == "Oslo Summer Oslo")
        // Broken chains give nothing, and never fall back to an outer name.
        #expect(render("[{{trip.hotel.name}}][{{trip.city}}][{{trip.name.x}}][{{nope.city}}]", context) == "[][][][]")
        // The first part is found through the stack, the rest only inside what was found.
        #expect(render("{{#trip}}{{place.city}}/{{hotel.name}}{{/trip}}", context) == "Oslo/Outer hotel")
        // Once `mood` is found in the inner frame, `mood.icon` stays there, even when only an outer `mood` has one.
        #expect(render("{{#day}}[{{mood.icon}}]{{/day}}", ["day": ["mood": [:]], "mood": ["icon": "outer"]]) == "[]")
    }

    @Test func innerFramesWinOverOuterOnes() {
        let context: TemplateValue = ["unit": "mi", "name": "top", "runs": [["n": "1"], ["n": "2", "unit": "km"]], "inner": ["name": "in"]]
        #expect(render("{{#runs}}{{n}}{{unit}};{{/runs}}{{unit}}", context) == "1mi;2km;mi")
        #expect(render("{{name}}{{#inner}}-{{name}}{{/inner}}-{{name}}", context) == "top-in-top")
    }

    @Test func dotIsTheCurrentItem() {
        #expect(render("{{#w}}<{{.}}>{{/w}}", ["w": ["a", "<b>", "c"]]) == "<a><&lt;b&gt;><c>")
        #expect(render("{{#w}}{{{.}}}{{&.}}{{/w}}", ["w": ["<b>"]]) == "<b><b>")
        #expect(render("{{#rows}}({{#.}}{{.}}{{/.}}){{/rows}}", ["rows": [["1", "2"], ["x"], []]]) == "(12)(x)()")
        #expect(render("{{.}}", "plain & simple") == "plain &amp; simple")
    }

    // MARK: Sections

    @Test func sectionsRenderByTruthiness() {
        // `v` sits outside the list, so `{{.}}` shows whether the section pushed anything.
        let cases: [(TemplateValue?, String)] = [
            (nil, ""), (false, ""), ([], ""),
            (true, "(A)"),  // rendered once, nothing pushed
            ("", "()"), ("x&y", "(x&amp;y)"),  // text, even empty, is pushed
            (["name": "obj"], "(obj)"), ([:], "()"),
            (["a", "b"], "(a)(b)"), ([false, ""], "(false)()"),
        ]
        for (value, expected) in cases {
            var fields: TemplateFields = ["items": ["A"]]
            fields["v"] = value
            let context = TemplateValue.object(fields)
            let shown = value.map { "\($0)" } ?? "missing"
            #expect(render("{{#items}}{{#v}}({{.}}{{name}}){{/v}}{{/items}}", context) == expected, "\(shown)")
            #expect(render("{{^v}}none{{/v}}", context) == (expected.isEmpty ? "none" : ""), "inverted \(shown)")
        }
    }

    @Test func nestedListsSeeEveryEnclosingItem() {
        let context: TemplateValue = ["years": [
            ["y": "2024", "months": [["m": "12", "days": ["30", "31"]]]],
            ["y": "2025", "months": [["m": "01", "days": ["01"]], ["m": "02", "days": []]]],
        ]]
        #expect(render("{{#years}}{{#months}}{{#days}}{{y}}-{{m}}-{{.}} {{/days}}{{^days}}{{y}}-{{m}} none {{/days}}{{/months}}{{/years}}", context)
            == "2024-12-30 2024-12-31 2025-01-01 2025-02 none ")
    }

    @Test func dottedSectionNames() {
        let context: TemplateValue = ["a": ["b": ["c": true, "list": ["1", "2"]]]]
        #expect(render("{{#a.b.c}}yes{{/a.b.c}}{{#a.b.list}}{{.}}{{/a.b.list}}{{^a.x.c}}none{{/a.x.c}}{{#a.x.c}}no{{/a.x.c}}", context) == "yes12none")
    }

    @Test func invertedSectionsNest() {
        #expect(render("a{{^off}}b{{^off}}c{{/off}}d{{/off}}e", ["off": false]) == "abcde")
        #expect(render("a{{^on}}b{{^on}}c{{/on}}d{{/on}}e", ["on": true]) == "ae")
        #expect(render("{{#on}}[{{^off}}both{{/off}}]{{/on}}", ["on": true, "off": false]) == "[both]")
    }

    // MARK: Comments and delimiters

    @Test func commentsLeaveNothing() {
        #expect(render("ab{{! note }}cd {{!}}e") == "abcd e")
        #expect(render("ab{{! one\ntwo\n}}cd\n") == "abcd\n")
        #expect(render("first\n  {{! a standalone\n  note over lines }}  \nlast\n") == "first\nlast\n")
        #expect(render("x {{! not alone }}\n") == "x \n")
    }

    @Test func delimitersCanBeChanged() {
        let context: TemplateValue = ["x": "1", "on": true]
        #expect(render("{{=<% %>=}}<% x %>{{x}}<%={{ }}=%>{{x}}", context) == "1{{x}}1")
        #expect(render("{{=( )=}}(x)[{{= [[ ]] =}}]", context) == "1[{{= [[ ]] =}}]")
        #expect(render("{{=[[ ]]=}}[[&x]]{{{x}}}", context) == "1{{{x}}}")
        // A change inside a section holds after it, to the end of the template.
        #expect(render("{{#on}}{{=| |=}}|x||/on||x|{{x}}", context) == "11{{x}}")
        #expect(render("a\n  {{=| |=}}\n|x|\n", context) == "a\n1\n")
    }

    @Test func partialsKeepTheirOwnDelimiters() {
        #expect(render("{{=<% %>=}}<%> p%>|<%x%>", ["x": "1"], partials: ["p": "{{x}}<%x%>"]) == "1<%x%>|1")
        #expect(render("{{>p}}|{{x}}", ["x": "1"], partials: ["p": "{{=| |=}}|x|{{x}}"]) == "1{{x}}|1")
    }

    // MARK: Partials

    @Test func aPartialThatNeverEndsIsAnErrorNotACrash() throws {
        // The leaf has no `kids`, so `kids` is found again on the root, for ever.
        let library = TemplateLibrary([
            "page": try Template(source: "{{> p}}"),
            "p": try Template(source: "{{name}}\n{{#kids}}({{>p}}){{/kids}}"),
        ])
        #expect(throws: TemplateError.self) { try library.render("page", ["name": "root", "kids": [["name": "leaf"]]]) }
        do {
            _ = try library.render("page", ["name": "root", "kids": [["name": "leaf"]]])
        } catch {
            #expect(error.template == "p" && error.line == 2 && error.message.contains("`{{> p}}` is nested 100 deep"))
        }
    }

    @Test func partialsRenderInTheCurrentContext() throws {
        let partials = ["card": "<{{name}}:{{site}}>"]
        let context: TemplateValue = ["site": "s", "people": [["name": "Ann"], ["name": "Bo", "site": "t"]]]
        #expect(render("{{#people}}{{>card}}{{/people}}", context, partials: partials) == "<Ann:s><Bo:t>")
        #expect(render("[{{>missing}}][{{> card }}]", ["name": "x"], partials: partials) == "[][<x:>]")
        #expect(try TemplateLibrary([:]).render("page", [:]) == nil)
    }

    @Test func partialsCanRecurseThroughATree() {
        let tree: TemplateValue = ["name": "root", "kids": [
            ["name": "a", "kids": [["name": "c", "kids": []]]],
            ["name": "b", "kids": []],
        ]]
        #expect(render("{{>node}}", tree, partials: ["node": "{{name}}{{#kids}}({{>node}}){{/kids}}"]) == "root(a(c))(b)")
    }

    @Test func standalonePartialsAreIndented() {
        let item = "<li>\n  {{name}}\n</li>\n"
        #expect(render("<ul>\n  {{>item}}\n</ul>\n", ["name": "x"], partials: ["item": item])
            == "<ul>\n  <li>\n    x\n  </li>\n</ul>\n")
        // The same partial at two depths, and a partial with no line ending at its end.
        #expect(render(" {{>p}}\n\t\t{{>p}}\n", partials: ["p": "a\nb"]) == " a\n b\t\ta\n\t\tb")
        // Indentation adds up through nested standalone partials.
        #expect(render("  {{>outer}}\n", partials: ["outer": "o\n  {{>inner}}\n", "inner": "i\nj\n"]) == "  o\n    i\n    j\n")
        // Windows line endings in the partial: every line still gets the indentation.
        #expect(render("a\r\n  {{>p}}\r\nb", partials: ["p": "x\r\ny\r\n"]) == "a\r\n  x\r\n  y\r\nb")
        // A value's own line breaks are not indented.
        #expect(render("  {{>p}}\n", ["body": "one\ntwo"], partials: ["p": "<p>{{{body}}}</p>\n"]) == "  <p>one\ntwo</p>\n")
        // Not standalone: no indentation, and the line keeps its ending.
        #expect(render("- {{>p}}\n", partials: ["p": "a\nb"]) == "- a\nb\n")
        #expect(render("  {{>p}} {{>p}}\n", partials: ["p": "a\nb"]) == "  a\nb a\nb\n")
    }

    // MARK: Standalone lines

    @Test func standaloneTagLinesDisappear() {
        let context: TemplateValue = ["on": true, "off": false, "v": "V"]
        #expect(render("a\n{{#on}}\nb\n  {{/on}}  \n\t{{^off}}\nc\n{{/off}}\nd\n", context) == "a\nb\nc\nd\n")
        // An indented empty partial leaves nothing behind, not even a line ending.
        #expect(render("a\n  {{>p}}\nb\n", context, partials: ["p": ""]) == "a\nb\n")
        // At the very start and the very end of the source.
        #expect(render("{{#on}}\nx\n  {{/on}}", context) == "x\n")
        #expect(render("  {{! top }}\nx", context) == "x")
        // Windows line endings.
        #expect(render("a\r\n{{#on}}\r\nb\r\n  {{/on}}\r\n{{! c }}\r\nd", context) == "a\r\nb\r\nd")
        // Values are never standalone; neither is a line with two tags or with text.
        #expect(render("  {{v}}\n", context) == "  V\n")
        // Spaces around a sigil and a name are no part of either.
        #expect(render("{{# on }}<{{ & v }}{{{ v }}}>{{/ on }}\n", context) == "<VV>\n")
        #expect(render(" {{#on}}{{/on}} \n", context) == "  \n")
        #expect(render("x {{#on}}\ny{{/on}} z\n", context) == "x \ny z\n")
        #expect(render("{{#off}}\nhidden\n{{/off}}\nshown\n", context) == "shown\n")
        // A carriage return is a line ending only before a line feed.
        #expect(render("a\n{{#on}} \r \nb{{/on}}\n", context) == "a\n \r \nb\n")
        #expect(render("a\n {{#on}}\rb{{/on}}\n", context) == "a\n \rb\n")
    }

    // MARK: Errors

    @Test func brokenTemplatesSayWhereAndWhy() {
        let cases: [(String, Int)] = [
            ("a\n{{#open}}\nb\n", 2),  // never closed
            ("{{#a}}\n{{^b}}\n{{/a}}\n", 3),  // closes the wrong section
            ("ok\n\n{{/a}}", 3),  // closes nothing
            ("one\r\ntwo\r\nthree {{ name\n", 3),  // tag never closed
            ("{{!\n\n}}\n{{{triple}}\n", 4),  // a multi-line tag counts its lines
            ("x\n{{=}}", 2), ("{{= =}}", 1), ("{{=<%=}}", 1), ("\n{{=<% %>}}", 2),  // empty or invalid delimiters
            ("{{a b}}", 1), ("x\n{{#a\tb}}{{/a\tb}}", 2), ("{{& a\u{A0}b }}", 1), ("{{f(x)}}", 1),  // not names
            ("{{#}}", 1), ("{{{ }}}", 1), ("{{^ }}", 1),  // no name
        ]
        for (source, line) in cases {
            let error = failure(source)
            #expect(error?.line == line, "\(source.debugDescription)")
            #expect(error?.message.isEmpty == false)
        }
        let mismatch = failure("{{#a}}{{/b}}")?.message ?? ""
        #expect(mismatch.contains("#a") && mismatch.contains("/b"), "\(mismatch)")
        #expect(failure("{{^open}}")?.message.contains("open") == true)
    }

    @Test func unsupportedTagsAreRefusedInPlainWords() {
        let cases: [(String, String)] = [
            ("x\n{{<base}}{{/base}}", "inheritance"), ("x\n{{$block}}{{/block}}", "inheritance"),
            ("x\n{{%PRAGMA}}", "pragma"), ("x\n{{>*name}}", "dynamic partial"),
        ]
        for (source, topic) in cases {
            let error = failure(source)
            #expect(error?.line == 2, "\(source.debugDescription)")
            #expect(error?.message.contains(topic) == true, "\(error?.message ?? "no error")")
            #expect(error?.message.contains("not supported") == true, "\(error?.message ?? "no error")")
        }
    }

    // MARK: Constants

    @Test func constantsAreWrittenInAsEveryContextWouldFindThem() throws {
        let templates = [
            "page": try Template(source: "<{{t.hello}}, {{{t.raw}}}, {{name}}{{#items}} {{t.hello}}:{{.}}{{/items}}{{t.missing}}{{t}}>"),
            "item": try Template(source: "{{t.hello}} {{name}}\n"),
            "list": try Template(source: "<ul>\n  {{>item}}\n</ul>\n"),
        ]
        let words: TemplateValue = ["hello": "Hi & bye", "raw": "<b>"]
        let library = TemplateLibrary(templates, constants: ["t": words])
        let context: TemplateValue = ["name": "Ann", "items": ["1", "2"]]
        #expect(try library.render("page", context) == "<Hi &amp; bye, <b>, Ann Hi &amp; bye:1 Hi &amp; bye:2>")
        // An indented partial is parsed again; the constants are written into the copy too.
        #expect(try library.render("list", context) == "<ul>\n  Hi &amp; bye Ann\n</ul>\n")
        // The same as looking the values up in the context.
        let looked = TemplateLibrary(templates)
        var withWords = TemplateFields(["name": "Ann", "items": ["1", "2"]].map { ($0.key, $0.value) })
        withWords["t"] = words
        #expect(try looked.render("page", .object(withWords)) == library.render("page", context))
        #expect(try looked.render("list", .object(withWords)) == library.render("list", context))
    }
}

