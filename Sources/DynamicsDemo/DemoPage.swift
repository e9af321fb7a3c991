// The demo page: one self-contained HTML file (style, script and every scenario's recording inline as JSON; no
// network), drawing each frame as SVG with the same data and conventions as `DebugDrawing.svgElements`.
import DynamicsScenarios
import Foundation

/// Builds the page from recordings.
struct DemoPage {
    let recordings: [ScenarioRecording]

    private struct Payload: Encodable {
        let palette: [String: RolePalette.Colors]
        let scenarios: [ScenarioRecording]
    }

    func html() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json: String
        do {
            json = String(decoding: try encoder.encode(Payload(palette: RolePalette.roles, scenarios: recordings)), as: UTF8.self)
        } catch {
            fail("could not encode the recordings: \(error)")
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>swift-dynamics: scenarios replayed</title>
            <style>
            \(DemoPageStyle.css)
            </style>
            </head>
            <body>
            \(DemoPageStyle.body)
            <script>
            \(DemoPageScript.errorCatcher)
            </script>
            <script type="application/json" id="demo-data">\(Self.compact(json))</script>
            <script>
            \(DemoPageScript.js)
            </script>
            </body>
            </html>

            """
    }

    /// Numbers cut to two decimals (plenty for points, and the page a fraction of the size; strings are left
    /// alone), and `</` escaped so the data cannot close its script element.
    static func compact(_ json: String) -> String {
        let token = try! NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*"|(-?\d+\.\d{2})\d+"#)
        let text = json as NSString
        var out = ""
        var last = 0
        for match in token.matches(in: json, range: NSRange(location: 0, length: text.length)) {
            let kept = match.range(at: 1)
            guard kept.location != NSNotFound else { continue }  // a string: copied as it is
            out += text.substring(with: NSRange(location: last, length: kept.location - last)) + text.substring(with: kept)
            last = match.range.location + match.range.length
        }
        out += text.substring(from: last)
        return out.replacingOccurrences(of: "</", with: "<\\/")
    }
}
