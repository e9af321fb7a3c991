// A scenario as it played: every frame's picture and physics, plots, and the numbers the summary shows. Plain
// data, encoded to JSON for the demo page.
package import Dynamics
package import Foundation

/// One scenario's run, frame by frame.
package struct ScenarioRecording: Encodable, Sendable {
    /// Short identifier, for `--scenario` and the page's address (`collection-view-spring-drag`).
    package var name: String
    /// What the scenario shows, as a person would say it ("The collection-view spring drag").
    package var title: String
    /// One or two sentences: what happens, and what to look for.
    package var summary: String
    /// The screen, points (the scene's root view or collection view frame).
    package var canvas: CGRect
    /// Frames per second of motion (60, or fewer when a long scenario keeps every few frames). Stored as a
    /// rate so a page rounding its numbers still times frames exactly.
    package var framesPerSecond: Double = 60
    /// Seconds between frames.
    package var frameInterval: Double { 1 / framesPerSecond }
    /// Every frame, in order.
    package var frames: [ScenarioFrame] = []
    /// Small charts of numbers against time.
    package var plots: [Plot] = []
    /// The frame at which the animator paused (nil when it kept running, or the scene has no animator).
    package var pausedAtFrame: Int?
    /// The number that tells the outcome, with its meaning ("cell back within 0.12 pt").
    package var keyNumber: String = ""
    /// The frame that shows the scenario best (for a still picture).
    package var posterFrame = 0
    /// How many frames of the tracked item's path to draw behind it (0: no trail).
    package var trailLength = 0

    package init(name: String, title: String, summary: String, canvas: CGRect) {
        self.name = name
        self.title = title
        self.summary = summary
        self.canvas = canvas
    }
}

/// One frame: the scene's views, the animator's physics, the finger, and a caption.
package struct ScenarioFrame: Encodable, Sendable {
    /// Seconds since the scenario began.
    package var time: Double
    /// Every visible view or cell, back to front.
    package var boxes: [ShownBox]
    /// The animator's debug drawing (nil when no animator runs in this frame).
    package var physics: DebugDrawing?
    /// Where the scripted finger is (nil when no finger is down).
    package var finger: CGPoint?
    /// What is happening, for a person watching.
    package var caption: String
    /// Where the tracked item is (its path is drawn from the frames before), if the scenario tracks one.
    package var tracked: CGPoint?
}

/// A view or a collection view cell as drawn in a frame, in canvas coordinates.
package struct ShownBox: Encodable, Sendable {
    /// The outline.
    package enum Shape: String, Encodable, Sendable {
        case rectangle, ellipse
    }

    package var center: CGPoint
    package var size: CGSize
    /// The view's transform without translation: a, b, c, d.
    package var transform: [Double]
    package var alpha: Double
    package var shape: Shape
    /// A colour role the page knows (`item`, `dragged`, `target`, `ghost`, `bar`, `menu`, `copy`, `locked`, …).
    package var role: String
    /// Text drawn in the middle (a cell's item number, a letter), if any.
    package var label: String?

    /// The identity transform and full opacity are left out, as a reader assumes them: most boxes of a 1000-cell
    /// collection view are plain, and the page is a third smaller.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(center, forKey: .center)
        try container.encode(size, forKey: .size)
        if transform != [1, 0, 0, 1] { try container.encode(transform, forKey: .transform) }
        if alpha != 1 { try container.encode(alpha, forKey: .alpha) }
        try container.encode(shape, forKey: .shape)
        try container.encode(role, forKey: .role)
        try container.encodeIfPresent(label, forKey: .label)
    }

    private enum CodingKeys: String, CodingKey { case center, size, transform, alpha, shape, role, label }
}

/// A chart of one or more series against the frames' time.
package struct Plot: Encodable, Sendable {
    /// One line of the chart; one value per frame (NaN where it has none).
    package struct Series: Encodable, Sendable {
        package var name: String
        package var values: [Double]

        package init(name: String, values: [Double]) {
            self.name = name
            self.values = values
        }

        /// JSON has no NaN: gaps are written as null.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(values.map { $0.isFinite ? $0 : nil }, forKey: .values)
        }

        private enum CodingKeys: String, CodingKey { case name, values }
    }

    package var title: String
    /// The unit of the values ("pt", "pt/s", …).
    package var unit: String
    package var series: [Series]

    package init(title: String, unit: String, series: [Series]) {
        self.title = title
        self.unit = unit
        self.series = series
    }
}
