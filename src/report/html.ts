/**
 * Renders charts to SVG in Node (vega-lite compiles, vega's headless View draws; no browser or canvas) and puts
 * them in one self-contained HTML page. A small inline script marks each chart drawn once the browser lays it out.
 */
import type { Chart } from './charts.js';

export async function renderSvg(chart: Chart): Promise<string> {
  // Loaded on first use: vega and vega-lite take ~0.3 s to import, which no other command should pay.
  const [{ View, parse }, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new View(parse(compile(chart.spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

const escape = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

// After layout, each figure gets data-drawn="yes" when its SVG has a non-empty box and at least one drawn mark (a
// path of the data's marks: not a legend's symbol, which vega draws with class role-legend-symbol);
// the body's data-charts-drawn counts them ("3/3"). Headless Chromium reads the result (test/browser.ts, test/report.test.ts).
const CHECK = `addEventListener('load', () => {
  const figs = [...document.querySelectorAll('figure.chart')];
  let drawn = 0;
  for (const f of figs) {
    const svg = f.querySelector('svg');
    const box = svg ? svg.getBoundingClientRect() : { width: 0, height: 0 };
    const marks = svg ? [...svg.querySelectorAll('.role-mark > path')] : [];
    const ok = box.width > 0 && box.height > 0 && marks.some((m) => { const b = m.getBBox(); return b.width > 0 || b.height > 0; });
    f.dataset.drawn = ok ? 'yes' : 'no';
    if (ok) drawn++;
  }
  document.body.dataset.chartsDrawn = drawn + '/' + figs.length;
});`;

export async function reportHtml(title: string, intro: string[], charts: readonly Chart[]): Promise<string> {
  const figures: string[] = [];
  for (const c of charts) {
    // the caption says how to read the chart; its title, drawn in the chart, was repeated here
    const caption = c.caption === undefined ? '' : `\n<figcaption>${escape(c.caption)}</figcaption>`;
    figures.push(`<figure class="chart" id="${escape(c.id)}" data-chart="${escape(c.id)}" data-title="${escape(c.title)}">\n${await renderSvg(c)}${caption}\n</figure>`);
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
figure.chart { display: inline-block; margin: 0 1.5em 1.5em 0; vertical-align: top; }
figcaption { color: #555; font-size: 12px; max-width: 560px; }
</style>
</head>
<body data-charts="${charts.length}">
<h1>${escape(title)}</h1>
${intro.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${figures.join('\n')}
<script>${CHECK}</script>
</body>
</html>
`;
}
