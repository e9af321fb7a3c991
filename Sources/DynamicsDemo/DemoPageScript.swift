// The demo page's script: draws a recorded frame as SVG (views, then the physics exactly as
// `DebugDrawing.svgElements` does, then the finger), plays, scrubs, plots, and with `?check=1` plays every
// scenario to its end and writes what it drew into the DOM for scripts/check-demo.sh.

enum DemoPageScript {
    /// Runs first, in its own script element, so even a syntax error in the main script is caught and shown.
    static let errorCatcher = #"""
        function reportError(message) {
          const item = document.createElement("li");
          item.className = "js-error";
          item.textContent = message;
          document.getElementById("js-errors").appendChild(item);
        }
        window.onerror = (message, source, line, column) => { reportError(`${message} (line ${line}:${column})`); };
        window.addEventListener("unhandledrejection", (event) => reportError(`unhandled rejection: ${event.reason}`));
        """#

    static let js = #"""
        "use strict";
        const data = JSON.parse(document.getElementById("demo-data").textContent);
        const scenarios = data.scenarios;
        const palette = data.palette;
        const stage = document.getElementById("stage");
        const query = new URLSearchParams(location.search);
        const state = { index: 0, frame: 0, playing: true, speed: 1, physics: true, clock: 0, last: null };

        // Foundation encodes CGPoint and CGSize as [x, y] and CGRect as [[x, y], [w, h]]; accept objects too.
        const P = (p) => Array.isArray(p) ? p : [p.x, p.y];
        const S = (s) => Array.isArray(s) ? s : [s.width, s.height];
        const R = (r) => Array.isArray(r) ? [...P(r[0]), ...S(r[1])] : [r.origin.x, r.origin.y, r.size.width, r.size.height];
        const n = (v) => (Math.round(v * 100) / 100).toString();
        const esc = (t) => String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
        const deg = (radians) => n(radians * 180 / Math.PI);

        function boxSVG(box) {
          const c = palette[box.role] || palette.view;
          // Left out of the data when they are the identity and 1.
          const [w, h] = S(box.size), [x, y] = P(box.center), t = box.transform || [1, 0, 0, 1], alpha = box.alpha ?? 1;
          let out = `<g transform="matrix(${t.map(n).join(" ")} ${n(x)} ${n(y)})" opacity="${n(alpha)}">`;
          const dash = box.role === "ghost" ? ' stroke-dasharray="5 4"' : "";
          if (box.shape === "ellipse") out += `<ellipse rx="${n(w / 2)}" ry="${n(h / 2)}" `;
          else out += `<rect x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(Math.min(6, Math.min(w, h) / 5))}" `;
          out += `fill="${c.fill}" stroke="${c.stroke}" stroke-width="1.5"${dash}/>`;
          if (box.label != null) {
            const size = Math.min(14, Math.max(9, Math.min(w, h) / 3));
            out += `<text text-anchor="middle" dominant-baseline="central" font-size="${n(size)}" fill="${c.text}">${esc(box.label)}</text>`;
          }
          return out + "</g>";
        }

        function shapeExtent(shape) {
          if (shape.polygon) return Math.max(0, ...shape.polygon._0.map((p) => Math.hypot(...P(p))));
          const s = shape.rectangle || shape.ellipse;
          return Math.hypot(...P(s.center)) + Math.hypot(...S(s.size)) / 2;
        }

        function physicsSVG(d) {
          let out = '<g class="fields">';
          for (const field of d.fields) {
            const [x, y] = P(field.position);
            const dash = field.isApproximate ? ' stroke-dasharray="6 4"' : "";
            out += `<g fill="#9334e6" fill-opacity="0.07" stroke="#9334e6" stroke-opacity="0.6"${dash}>`;
            for (const area of field.areas) {
              if (area.circle) out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(area.circle.radius)}"/>`;
              else { const [w, h] = S(area.rectangle.size); out += `<rect x="${n(x - w / 2)}" y="${n(y - h / 2)}" width="${n(w)}" height="${n(h)}"/>`; }
            }
            out += `<path d="M${n(x - 6)} ${n(y)}h12M${n(x)} ${n(y - 6)}v12" fill="none" stroke-dasharray="none"/></g>`;
          }
          out += '</g><g class="boundaries" fill="none" stroke="#3c4043" stroke-width="3" stroke-linecap="round">';
          for (const boundary of d.boundaries) for (const line of boundary.polylines) out += `<polyline points="${line.map((p) => P(p).map(n).join(",")).join(" ")}"/>`;
          out += '</g><g class="bodies" stroke-width="1.5">';
          for (const body of d.bodies) {
            const [x, y] = P(body.center);
            const fill = body.isAwake ? "#4c8bf5" : "#9aa0a6", stroke = body.isAwake ? "#174ea6" : "#5f6368";
            out += `<g transform="translate(${n(x)} ${n(y)}) rotate(${deg(body.angle)})" fill="${fill}" fill-opacity="0.35" stroke="${stroke}">`;
            for (const shape of body.shapes) {
              if (shape.polygon) { out += `<polygon points="${shape.polygon._0.map((p) => P(p).map(n).join(",")).join(" ")}"/>`; continue; }
              const s = shape.rectangle || shape.ellipse, [cx, cy] = P(s.center), [w, h] = S(s.size);
              const place = `translate(${n(cx)} ${n(cy)}) rotate(${deg(s.angle)})`;
              if (shape.rectangle) out += `<rect x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" transform="${place}"/>`;
              else out += `<ellipse rx="${n(w / 2)}" ry="${n(h / 2)}" transform="${place}"/>`;
            }
            const reach = Math.min(Math.max(0, ...body.shapes.map(shapeExtent)), 24);
            out += `<line x1="0" y1="0" x2="${n(reach)}" y2="0" stroke-opacity="0.8"/></g>`;
          }
          out += '</g><g class="joints" stroke-width="1.5">';
          for (const joint of d.joints) {
            const [ax, ay] = P(joint.pointA), [bx, by] = P(joint.pointB);
            const dash = joint.style === "spring" ? ' stroke-dasharray="4 3"' : joint.style === "rope" ? ' stroke-dasharray="1 3"' : "";
            out += `<line x1="${n(ax)}" y1="${n(ay)}" x2="${n(bx)}" y2="${n(by)}" stroke="#e8710a"${dash}/>`;
            out += `<circle cx="${n(ax)}" cy="${n(ay)}" r="2.5" fill="#e8710a"/>`;
            out += joint.isAnchored ? `<circle cx="${n(bx)}" cy="${n(by)}" r="3.5" fill="#fff" stroke="#b06000"/>` : `<circle cx="${n(bx)}" cy="${n(by)}" r="2.5" fill="#e8710a"/>`;
          }
          out += '</g><g class="contacts" stroke="#d93025" fill="#d93025" stroke-width="1.5">';
          for (const contact of d.contacts) {
            const [x, y] = P(contact.point), dx = contact.normal.dx, dy = contact.normal.dy;
            out += `<circle cx="${n(x)}" cy="${n(y)}" r="3"/><line x1="${n(x)}" y1="${n(y)}" x2="${n(x + 14 * dx)}" y2="${n(y + 14 * dy)}"/>`;
          }
          return out + "</g>";
        }

        function draw(index, frameIndex) {
          const scenario = scenarios[index], frame = scenario.frames[frameIndex];
          const [x, y, w, h] = R(scenario.canvas);
          stage.setAttribute("viewBox", `${n(x)} ${n(y)} ${n(w)} ${n(h)}`);
          stage.style.aspectRatio = `${n(w)} / ${n(h)}`;
          let out = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="#ffffff"/><g class="views">`;
          for (const box of frame.boxes) out += boxSVG(box);
          out += "</g>";
          const trail = scenario.frames.slice(Math.max(0, frameIndex - scenario.trailLength), frameIndex + 1).filter((f) => f.tracked != null);
          if (trail.length > 1) out += `<polyline class="trail" points="${trail.map((f) => P(f.tracked).map(n).join(",")).join(" ")}" fill="none" stroke="#1a73e8" stroke-opacity="0.45" stroke-width="2" stroke-linejoin="round"/>`;
          if (state.physics && frame.physics) out += physicsSVG(frame.physics);
          if (frame.finger) { const [fx, fy] = P(frame.finger); out += `<circle class="finger" cx="${n(fx)}" cy="${n(fy)}" r="14" fill="#202124" fill-opacity="0.18" stroke="#202124" stroke-width="1.5"/>`; }
          stage.innerHTML = out;
          document.getElementById("caption").textContent = frame.caption;
          document.getElementById("scrubber").value = frameIndex;
          const paused = scenario.pausedAtFrame;
          const note = paused == null ? "" : frameIndex >= paused ? " · animator paused" : "";
          document.getElementById("clock").textContent = `${frameTime(scenario, frameIndex).toFixed(2)} s · frame ${frameIndex + 1}/${scenario.frames.length}${note}`;
          const cursorX = n(plotX(scenario, frameTime(scenario, frameIndex)));
          for (const cursor of document.querySelectorAll(".plot .cursor")) { cursor.setAttribute("x1", cursorX); cursor.setAttribute("x2", cursorX); }
          return stage.childElementCount;
        }

        const seriesColors = ["#1a73e8", "#e8710a", "#1e8e3e", "#a142f4"];
        const frameTime = (scenario, i) => i / scenario.framesPerSecond;
        // Charts in a 320 × 130 box: x is time, y the values; the cursor line is moved to the frame's x.
        const plotBox = { left: 42, right: 312, top: 8, bottom: 112 };
        function plotX(scenario, t) {
          const t1 = frameTime(scenario, scenario.frames.length - 1) || 1;
          return plotBox.left + (plotBox.right - plotBox.left) * t / t1;
        }
        function plotSVG(scenario, plot) {
          const values = plot.series.flatMap((s) => s.values.filter((v) => v != null));
          let lo = Math.min(0, ...values), hi = Math.max(...values);
          if (!(hi > lo)) hi = lo + 1;
          const pad = (hi - lo) * 0.06; lo -= pad; hi += pad;
          const Y = (v) => plotBox.bottom - (plotBox.bottom - plotBox.top) * (v - lo) / (hi - lo);
          const t1 = frameTime(scenario, scenario.frames.length - 1);
          const label = (v) => Math.abs(v) < 0.005 ? "0" : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
          let out = `<svg viewBox="0 0 320 130" font-size="10" fill="#5f6368">`;
          out += `<rect x="${plotBox.left}" y="${plotBox.top}" width="${plotBox.right - plotBox.left}" height="${plotBox.bottom - plotBox.top}" fill="#f8f9fb"/>`;
          for (const v of [hi - pad, lo + pad, ...(lo < 0 && hi > 0 ? [0] : [])]) {
            out += `<line x1="${plotBox.left}" x2="${plotBox.right}" y1="${n(Y(v))}" y2="${n(Y(v))}" stroke="#dadce0"/>`;
            out += `<text x="${plotBox.left - 4}" y="${n(Y(v) + 3.5)}" text-anchor="end">${esc(label(v))}</text>`;
          }
          out += `<text x="${plotBox.left}" y="126">0 s</text><text x="${plotBox.right}" y="126" text-anchor="end">${t1.toFixed(1)} s</text>`;
          if (scenario.pausedAtFrame != null) {
            const x = plotX(scenario, frameTime(scenario, scenario.pausedAtFrame));
            out += `<line x1="${n(x)}" x2="${n(x)}" y1="${plotBox.top}" y2="${plotBox.bottom}" stroke="#d93025" stroke-dasharray="3 3"/>`;
          }
          plot.series.forEach((series, k) => {
            let d = "", pen = false;
            series.values.forEach((v, i) => {
              if (v == null) { pen = false; return; }
              d += `${pen ? "L" : "M"}${n(plotX(scenario, frameTime(scenario, i)))} ${n(Y(v))}`;
              pen = true;
            });
            out += `<path d="${d}" fill="none" stroke="${seriesColors[k % 4]}" stroke-width="1.6"/>`;
          });
          out += `<line class="cursor" x1="${plotBox.left}" x2="${plotBox.left}" y1="${plotBox.top}" y2="${plotBox.bottom}" stroke="#202124"/></svg>`;
          const legend = plot.series.map((s, k) => `<span style="--c:${seriesColors[k % 4]}">${esc(s.name)}</span>`).join("");
          const pause = scenario.pausedAtFrame != null ? '<span style="--c:#d93025;--s:dashed">animator paused</span>' : "";
          return `<div class="plot"><h3>${esc(plot.title)} (${esc(plot.unit)})</h3>${out}<div class="legend">${legend}${pause}</div></div>`;
        }

        function select(index, frameIndex = 0) {
          state.index = index; state.frame = frameIndex; state.clock = frameTime(scenarios[index], frameIndex);
          const scenario = scenarios[index];
          document.querySelectorAll("#picker button").forEach((b, k) => b.classList.toggle("current", k === index));
          const paused = scenario.pausedAtFrame == null ? "never (or no animator)" : `frame ${scenario.pausedAtFrame + 1} (${frameTime(scenario, scenario.pausedAtFrame).toFixed(2)} s)`;
          document.getElementById("notes").innerHTML = `<h2>${esc(scenario.title)}</h2><p class="summary">${esc(scenario.summary)}</p>`
            + `<dl><dt>Outcome</dt><dd>${esc(scenario.keyNumber)}</dd><dt>Frames</dt><dd>${scenario.frames.length} (${scenario.framesPerSecond} per second of motion)</dd><dt>Animator paused</dt><dd>${esc(paused)}</dd></dl>`
            + scenario.plots.map((p) => plotSVG(scenario, p)).join("");
          const scrubber = document.getElementById("scrubber");
          scrubber.max = scenario.frames.length - 1;
          if (!query.has("check")) history.replaceState(null, "", `?scenario=${scenario.name}`);
          draw(index, frameIndex);
        }

        function tick(now) {
          if (state.playing && state.last != null) {
            const scenario = scenarios[state.index];
            state.clock += (now - state.last) / 1000 * state.speed;
            let frameIndex = Math.floor(state.clock * scenario.framesPerSecond + 1e-6);
            if (frameIndex >= scenario.frames.length) { frameIndex = 0; state.clock = 0; }
            if (frameIndex !== state.frame) { state.frame = frameIndex; draw(state.index, frameIndex); }
          }
          state.last = now;
          requestAnimationFrame(tick);
        }

        function setPlaying(playing) { state.playing = playing; document.getElementById("play").textContent = playing ? "Pause" : "Play"; }
        function stepBy(delta) {
          setPlaying(false);
          const count = scenarios[state.index].frames.length;
          state.frame = Math.min(count - 1, Math.max(0, state.frame + delta));
          state.clock = frameTime(scenarios[state.index], state.frame);
          draw(state.index, state.frame);
        }

        const picker = document.getElementById("picker");
        scenarios.forEach((scenario, k) => {
          const item = document.createElement("li");
          item.innerHTML = `<button type="button"><span class="name">${esc(scenario.title)}</span><span class="key">${esc(scenario.keyNumber)}</span></button>`;
          item.firstChild.addEventListener("click", () => { select(k); setPlaying(true); });
          picker.appendChild(item);
        });
        document.getElementById("play").addEventListener("click", () => setPlaying(!state.playing));
        document.getElementById("step-back").addEventListener("click", () => stepBy(-1));
        document.getElementById("step-forward").addEventListener("click", () => stepBy(1));
        document.getElementById("scrubber").addEventListener("input", (event) => { setPlaying(false); state.frame = Number(event.target.value); state.clock = frameTime(scenarios[state.index], state.frame); draw(state.index, state.frame); });
        document.getElementById("speed").addEventListener("change", (event) => { state.speed = Number(event.target.value); });
        document.getElementById("show-physics").addEventListener("change", (event) => { state.physics = event.target.checked; draw(state.index, state.frame); });
        document.addEventListener("keydown", (event) => {
          if (event.key === " ") { event.preventDefault(); setPlaying(!state.playing); }
          if (event.key === "ArrowRight") stepBy(1);
          if (event.key === "ArrowLeft") stepBy(-1);
        });

        // ?check=1: every scenario, every frame, in order; the results go into #check-results for the browser check.
        async function check() {
          setPlaying(false);
          const results = document.getElementById("check-results");
          let ok = true;
          for (let k = 0; k < scenarios.length; k++) {
            select(k);
            let drawn = 0;
            for (let i = 0; i < scenarios[k].frames.length; i++) {
              try { if (draw(k, i) > 1) drawn++; } catch (error) { reportError(`${scenarios[k].name} frame ${i}: ${error}`); }
              if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 0));
            }
            const item = document.createElement("li");
            item.dataset.scenario = scenarios[k].name;
            item.dataset.frames = scenarios[k].frames.length;
            item.dataset.drawn = drawn;
            item.textContent = `${scenarios[k].name}: drew ${drawn} of ${scenarios[k].frames.length} frames`;
            results.appendChild(item);
            ok = ok && drawn === scenarios[k].frames.length;
          }
          const errorCount = document.querySelectorAll("#js-errors li").length;
          document.getElementById("check-status").textContent = `CHECK DONE: ${scenarios.length} scenarios, ${ok ? "all frames drawn" : "frames missing"}, ${errorCount} JavaScript errors`;
          document.documentElement.dataset.check = ok && errorCount === 0 ? "passed" : "failed";
        }

        const wanted = Math.max(0, scenarios.findIndex((s) => s.name === query.get("scenario")));
        if (query.has("check")) {
          check();
        } else {
          const frameParameter = query.get("frame");
          const scenario = scenarios[wanted];
          const frameIndex = frameParameter === "poster" ? scenario.posterFrame : Math.min(scenario.frames.length - 1, Math.max(0, Number(frameParameter) || 0));
          select(wanted, frameIndex);
          setPlaying(frameParameter == null);
          requestAnimationFrame(tick);
        }
        """#
}
