// One recorded frame as a standalone SVG: the scene's views, the animator's debug drawing on top (the
// library's own `DebugDrawing.svgElements`), and the finger.
import Dynamics
import DynamicsScenarios
import Foundation

/// Draws frame `frameIndex` of `recording`.
struct FrameSVG {
    let recording: ScenarioRecording
    let frameIndex: Int

    func document() -> String {
        let canvas = recording.canvas
        let frame = recording.frames[frameIndex]
        let captionHeight = 44.0
        let width = Double(canvas.width), height = Double(canvas.height) + captionHeight
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(f(canvas.minX)) \(f(canvas.minY)) \(f(width)) \(f(height))" \
            width="\(f(width))" height="\(f(height))" font-family="Helvetica, Arial, sans-serif">
            <rect x="\(f(canvas.minX))" y="\(f(canvas.minY))" width="\(f(width))" height="\(f(height))" fill="#ffffff"/>

            """
        out += "<g class=\"views\">"
        for box in frame.boxes { out += boxSVG(box) }
        out += "</g>\n"
        out += trail()
        if let physics = frame.physics { out += physics.svgElements + "\n" }
        if let finger = frame.finger {
            out += "<circle cx=\"\(f(finger.x))\" cy=\"\(f(finger.y))\" r=\"14\" fill=\"#202124\" fill-opacity=\"0.18\" stroke=\"#202124\" stroke-width=\"1.5\"/>"
        }
        let y = Double(canvas.maxY)
        out += "<rect x=\"\(f(canvas.minX))\" y=\"\(f(y))\" width=\"\(f(width))\" height=\"\(f(captionHeight))\" fill=\"#202124\"/>"
        out += "<text x=\"\(f(Double(canvas.minX) + 10))\" y=\"\(f(y + 18))\" fill=\"#fff\" font-size=\"13\" font-weight=\"bold\">\(escape(recording.title))</text>"
        out += "<text x=\"\(f(Double(canvas.minX) + 10))\" y=\"\(f(y + 35))\" fill=\"#bdc1c6\" font-size=\"11\">"
        out += "t = \(String(format: "%.2f", frame.time)) s · \(escape(frame.caption))</text>\n</svg>\n"
        return out
    }

    /// The tracked item's path over the last `trailLength` frames, as a line.
    private func trail() -> String {
        let first = max(0, frameIndex - recording.trailLength)
        let points = recording.frames[first...frameIndex].compactMap(\.tracked)
        guard points.count > 1 else { return "" }
        let list = points.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " ")
        return "<polyline class=\"trail\" points=\"\(list)\" fill=\"none\" stroke=\"#1a73e8\" stroke-opacity=\"0.45\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n"
    }

    private func boxSVG(_ box: ShownBox) -> String {
        let colors = RolePalette.colors(box.role)
        let t = box.transform
        var out = "<g transform=\"matrix(\(f(t[0])) \(f(t[1])) \(f(t[2])) \(f(t[3])) \(f(box.center.x)) \(f(box.center.y)))\" opacity=\"\(f(box.alpha))\">"
        let w = Double(box.size.width), h = Double(box.size.height)
        let dash = box.role == "ghost" ? " stroke-dasharray=\"5 4\"" : ""
        switch box.shape {
        case .rectangle:
            out += "<rect x=\"\(f(-w / 2))\" y=\"\(f(-h / 2))\" width=\"\(f(w))\" height=\"\(f(h))\" rx=\"\(f(min(6, min(w, h) / 5)))\" "
        case .ellipse:
            out += "<ellipse rx=\"\(f(w / 2))\" ry=\"\(f(h / 2))\" "
        }
        out += "fill=\"\(colors.fill)\" stroke=\"\(colors.stroke)\" stroke-width=\"1.5\"\(dash)/>"
        if let label = box.label {
            let size = min(14, max(9, min(w, h) / 3))
            out += "<text text-anchor=\"middle\" dominant-baseline=\"central\" font-size=\"\(f(size))\" fill=\"\(colors.text)\">\(escape(label))</text>"
        }
        return out + "</g>"
    }
}

/// A number for SVG: at most two decimals.
private func f(_ value: Double) -> String {
    let text = String(format: "%.2f", value)
    return text.hasSuffix(".00") ? String(text.dropLast(3)) : text
}

private func f(_ value: CGFloat) -> String { f(Double(value)) }

/// Text safe inside an XML element.
func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}
