internal import Foundation

extension DebugDrawing {
    /// The drawing as a complete SVG document: an `<svg>` element whose `viewBox` is ``bounds`` (one SVG unit
    /// per point, y down), a light background, then ``svgElements``. Self-contained: no scripts, style sheets or
    /// external references.
    public func svgDocument() -> String {
        let box = bounds.isNull || bounds.isEmpty ? CGRect(x: 0, y: 0, width: 1, height: 1) : bounds
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(n(box.minX)) \(n(box.minY)) \(n(box.width)) \(n(box.height))" \
            width="\(n(box.width))" height="\(n(box.height))">
            <rect x="\(n(box.minX))" y="\(n(box.minY))" width="\(n(box.width))" height="\(n(box.height))" fill="#f8f9fb"/>
            \(svgElements)
            </svg>

            """
    }

    /// The drawing as SVG elements in reference coordinates (one `<g>` per layer: fields, boundaries, bodies,
    /// joints, contacts, back to front), to place inside an SVG of your own whose user space is the reference
    /// coordinate system.
    public var svgElements: String {
        var out = "<g class=\"fields\">"
        for field in fields { out += fieldSVG(field) }
        out += "</g>\n<g class=\"boundaries\" fill=\"none\" stroke=\"#3c4043\" stroke-width=\"3\" stroke-linecap=\"round\">"
        for boundary in boundaries {
            for line in boundary.polylines { out += "<polyline points=\"\(points(line))\"/>" }
        }
        out += "</g>\n<g class=\"bodies\" stroke-width=\"1.5\">"
        for body in bodies { out += bodySVG(body) }
        out += "</g>\n<g class=\"joints\" stroke-width=\"1.5\">"
        for joint in joints { out += jointSVG(joint) }
        out += "</g>\n<g class=\"contacts\" stroke=\"#d93025\" fill=\"#d93025\" stroke-width=\"1.5\">"
        for contact in contacts {
            let tip = CGPoint(x: contact.point.x + 14 * contact.normal.dx, y: contact.point.y + 14 * contact.normal.dy)
            out += "<circle cx=\"\(n(contact.point.x))\" cy=\"\(n(contact.point.y))\" r=\"3\"/>"
            out += "<line x1=\"\(n(contact.point.x))\" y1=\"\(n(contact.point.y))\" x2=\"\(n(tip.x))\" y2=\"\(n(tip.y))\"/>"
        }
        out += "</g>"
        return out
    }

    private func bodySVG(_ body: Body) -> String {
        let fill = body.isAwake ? "#4c8bf5" : "#9aa0a6"
        let stroke = body.isAwake ? "#174ea6" : "#5f6368"
        var out = "<g transform=\"translate(\(n(body.center.x)) \(n(body.center.y))) rotate(\(n(body.angle * 180 / .pi)))\" "
        out += "fill=\"\(fill)\" fill-opacity=\"0.35\" stroke=\"\(stroke)\">"
        for shape in body.shapes {
            switch shape {
            case let .rectangle(center, size, angle):
                out += "<rect x=\"\(n(-size.width / 2))\" y=\"\(n(-size.height / 2))\" width=\"\(n(size.width))\" "
                out += "height=\"\(n(size.height))\" transform=\"\(place(center, angle))\"/>"
            case let .ellipse(center, size, angle):
                out += "<ellipse rx=\"\(n(size.width / 2))\" ry=\"\(n(size.height / 2))\" transform=\"\(place(center, angle))\"/>"
            case let .polygon(vertices):
                out += "<polygon points=\"\(points(vertices))\"/>"
            }
        }
        // The rotation tick: from the centre along the body's x axis.
        let reach = min(body.shapes.map(\.extent).max() ?? 0, 24)
        out += "<line x1=\"0\" y1=\"0\" x2=\"\(n(reach))\" y2=\"0\" stroke-opacity=\"0.8\"/></g>"
        return out
    }

    private func jointSVG(_ joint: Joint) -> String {
        let a = joint.pointA, b = joint.pointB
        let dash = joint.style == .spring ? " stroke-dasharray=\"4 3\"" : joint.style == .rope ? " stroke-dasharray=\"1 3\"" : ""
        var out = "<line x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\" stroke=\"#e8710a\"\(dash)/>"
        out += "<circle cx=\"\(n(a.x))\" cy=\"\(n(a.y))\" r=\"2.5\" fill=\"#e8710a\"/>"
        if joint.isAnchored {
            out += "<circle cx=\"\(n(b.x))\" cy=\"\(n(b.y))\" r=\"3.5\" fill=\"#fff\" stroke=\"#b06000\"/>"
        } else {
            out += "<circle cx=\"\(n(b.x))\" cy=\"\(n(b.y))\" r=\"2.5\" fill=\"#e8710a\"/>"
        }
        return out
    }

    private func fieldSVG(_ field: Field) -> String {
        let p = field.position
        let dash = field.isApproximate ? " stroke-dasharray=\"6 4\"" : ""
        var out = "<g fill=\"#9334e6\" fill-opacity=\"0.07\" stroke=\"#9334e6\" stroke-opacity=\"0.6\"\(dash)>"
        for area in field.areas {
            switch area {
            case let .circle(radius):
                out += "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(radius))\"/>"
            case let .rectangle(size):
                out += "<rect x=\"\(n(p.x - size.width / 2))\" y=\"\(n(p.y - size.height / 2))\" width=\"\(n(size.width))\" height=\"\(n(size.height))\"/>"
            }
        }
        out += "<path d=\"M\(n(p.x - 6)) \(n(p.y))h12M\(n(p.x)) \(n(p.y - 6))v12\" fill=\"none\" stroke-dasharray=\"none\"/></g>"
        return out
    }

    private func place(_ center: CGPoint, _ angle: Double) -> String {
        "translate(\(n(center.x)) \(n(center.y))) rotate(\(n(angle * 180 / .pi)))"
    }

    private func points(_ list: [CGPoint]) -> String {
        list.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
    }
}

/// A number for SVG: at most two decimals, no trailing zeros, no negative zero.
private func n(_ value: CGFloat) -> String { n(Double(value)) }

private func n(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(format: "%.2f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}
