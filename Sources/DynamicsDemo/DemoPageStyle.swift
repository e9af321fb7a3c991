// The demo page's layout: a scenario list, the stage with its controls, and the notes and plots beside it.

enum DemoPageStyle {
    static let css = #"""
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #202124; background: #f1f3f4; }
        header { background: #202124; color: #fff; padding: 12px 20px; display: flex; align-items: baseline; gap: 16px; }
        header h1 { font-size: 18px; margin: 0; font-weight: 600; }
        header p { margin: 0; color: #bdc1c6; font-size: 13px; }
        main { display: grid; grid-template-columns: 250px minmax(320px, auto) minmax(300px, 1fr); gap: 16px; padding: 16px; align-items: start; }
        nav ol { list-style: none; margin: 0; padding: 0; }
        nav button { width: 100%; text-align: left; border: 1px solid #dadce0; background: #fff; border-radius: 8px; padding: 8px 10px; margin-bottom: 6px; cursor: pointer; font: inherit; }
        nav button:hover { border-color: #8ab4f8; }
        nav button.current { border-color: #1a73e8; background: #e8f0fe; box-shadow: inset 3px 0 0 #1a73e8; }
        nav .name { display: block; font-weight: 600; }
        nav .key { display: block; font-size: 12px; color: #5f6368; }
        .card { background: #fff; border-radius: 10px; box-shadow: 0 1px 3px rgba(60,64,67,.2); padding: 12px; }
        #stage-card { display: flex; flex-direction: column; gap: 8px; }
        #stage { display: block; align-self: center; width: auto; height: min(72vh, 667px); max-width: 100%; background: #fff; border: 1px solid #dadce0; border-radius: 6px; }
        #caption { min-height: 2.9em; font-size: 13px; color: #3c4043; }
        #controls { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
        #controls button, #controls select { font: inherit; border: 1px solid #dadce0; background: #fff; border-radius: 6px; padding: 4px 10px; cursor: pointer; }
        #play { min-width: 74px; font-weight: 600; }
        #scrubber { flex: 1; min-width: 160px; }
        #clock { font-variant-numeric: tabular-nums; color: #5f6368; min-width: 150px; font-size: 12px; }
        #notes h2 { font-size: 17px; margin: 0 0 6px; }
        #notes .summary { color: #3c4043; margin: 0 0 10px; }
        #notes dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0 0 12px; font-size: 13px; }
        #notes dt { color: #5f6368; }
        #notes dd { margin: 0; font-variant-numeric: tabular-nums; }
        .plot { margin-bottom: 14px; }
        .plot h3 { font-size: 13px; margin: 0 0 2px; font-weight: 600; }
        .plot svg { width: 100%; height: auto; display: block; }
        .legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 12px; color: #5f6368; margin-top: 8px; }
        .legend span::before { content: ""; display: inline-block; width: 14px; height: 3px; margin-right: 5px; vertical-align: middle; background: var(--c); border-top: 1px var(--s, solid) var(--c); }
        label.toggle { font-size: 12px; color: #5f6368; display: flex; align-items: center; gap: 4px; }
        #check { display: none; }
        #js-errors:empty { display: none; }
        #js-errors { color: #a50e0e; background: #fce8e6; padding: 8px 24px; margin: 0 16px; border-radius: 8px; }
        @media (max-width: 1100px) { main { grid-template-columns: 1fr; } }
        """#

    static let body = #"""
        <header><h1>swift-dynamics</h1><p>UIKit Dynamics scenes from the articles, played headless by the animator and replayed here frame by frame.</p></header>
        <ul id="js-errors"></ul>
        <main>
          <nav class="card"><ol id="picker"></ol></nav>
          <section id="stage-card" class="card">
            <svg id="stage" xmlns="http://www.w3.org/2000/svg"></svg>
            <div id="caption"></div>
            <div id="controls">
              <button id="play" type="button">Pause</button>
              <button id="step-back" type="button" title="Previous frame">◀</button>
              <button id="step-forward" type="button" title="Next frame">▶</button>
              <input id="scrubber" type="range" min="0" max="0" value="0" aria-label="Time">
              <span id="clock"></span>
              <select id="speed" aria-label="Speed"><option value="0.25">¼×</option><option value="0.5">½×</option><option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option></select>
              <label class="toggle"><input id="show-physics" type="checkbox" checked> physics</label>
            </div>
            <div class="legend">
              <span style="--c:#4c8bf5">body</span><span style="--c:#e8710a;--s:dashed">spring</span><span style="--c:#e8710a">rod / anchor</span>
              <span style="--c:#3c4043">boundary</span><span style="--c:#d93025">contact + normal</span><span style="--c:#9334e6">field region</span><span style="--c:#202124">finger</span>
            </div>
          </section>
          <section id="notes" class="card"></section>
        </main>
        <section id="check"><p id="check-status">not run</p><ol id="check-results"></ol></section>
        """#
}
