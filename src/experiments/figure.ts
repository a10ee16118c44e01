/**
 * An experiment's figure as one vega-lite spec: the paper's panel and the simulated panel side by side on a shared y
 * scale, bars by category or lines over a number, each simulated mark with its 95% interval over seeds as an error bar.
 */
import type { TopLevelSpec } from 'vega-lite';
import { type Chart, zeroLabel } from '../report/charts.js';
import { renderSvg } from '../report/html.js';
import { categoryRoomPx, fittedTitle, wrappedLabelExpr, wrappedLabels } from '../report/wrap.js';
import type { Figure, FigurePoint, Panel } from './experiment.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const SIZE = { width: 300, height: 220 };
/** A band wide enough for a category label wrapped to two or three lines ("node locality" / "gain (points)"). */
const WRAPPED_BAND = 90;

/**
 * The bars' axis: the panel's width and each category label as lines that fit its band. Labels that fit stay as
 * they are; else the panel widens to WRAPPED_BAND a category (dsbra's six measures ran into each other at 50 px).
 */
export function categoryAxis(xs: ReadonlyArray<string | number>): { width: number; lines: Record<string, string[]> } {
  const fits = (width: number): boolean => Object.keys(wrappedLabels(xs, categoryRoomPx(width, xs.length))).length === 0;
  const width = fits(SIZE.width) ? SIZE.width : Math.max(SIZE.width, WRAPPED_BAND * xs.length);
  const lines = wrappedLabels(xs, categoryRoomPx(width, xs.length));
  return { width, lines };
}

/** Categories and series in first-seen order over both panels (the order the analysis listed them). */
function firstSeen<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

function panelSpec(fig: Figure, panel: Panel, xs: Array<string | number>, series: string[]): Record<string, unknown> {
  // a y title longer than the plot (by vega's reckoning, wrap.ts) pushed the panel's title away from the plot
  const y = { type: 'quantitative', title: fittedTitle(fig.yTitle, SIZE.height), ...(fig.share ? { axis: { format: '.0%' }, scale: { domain: [0, 1] } } : {}) };
  const color = { field: 'series', type: 'nominal', title: null, scale: { domain: series }, legend: { orient: 'bottom', columns: series.length > 3 ? 2 : 1, labelLimit: 420 } };
  // A share's interval is drawn inside 0-100% (a t interval over few seeds can pass either end); the table keeps it whole.
  // A time's likewise from 0 s: dsfs --quick drew a completion time's interval to -80 s on a y axis ticked "-50".
  const clamp = (v: number | null | undefined): number | null => (v === null || v === undefined ? null
    : fig.share ? Math.min(1, Math.max(0, v)) : fig.nonNegative ? Math.max(0, v) : v);
  const values = panel.points.map((p: FigurePoint) => ({ x: p.x, series: p.series, mean: p.mean, lo: clamp(p.lo), hi: clamp(p.hi) }));
  const withCi = values.filter((v) => v.lo !== null && v.hi !== null);
  if (values.length === 0) {
    return {
      title: panel.title, ...SIZE, data: { values: [{ text: panel.note ?? 'no numbers' }] },
      mark: { type: 'text', fontSize: 11, lineBreak: '|' },
      encoding: { text: { field: 'text', type: 'nominal' } },
    };
  }
  if (fig.x === 'ordinal') {
    const { width, lines } = categoryAxis(xs);
    const labelExpr = wrappedLabelExpr(lines);
    const x = { field: 'x', type: 'ordinal', title: fig.xTitle, sort: xs, axis: { labelAngle: 0, labelLimit: 200, ...labelExpr } };
    // a place beside each category for the panel's own series only: with every series of the figure, the paper's one
    // bar sat in the first third of its category, off its label (sticky-slots' "5" by 45 px), beside empty places
    const zeros = values.filter((v) => v.mean === 0).map((v) => ({ ...v, text: zeroLabel(y) }));
    const own = series.filter((s) => panel.points.some((p) => p.series === s));
    const offset = { field: 'series', type: 'nominal', sort: own, scale: { domain: own } };
    return {
      title: panel.title, ...SIZE, width,
      layer: [
        { data: { values }, mark: 'bar', encoding: { x, xOffset: offset, y: { ...y, field: 'mean' }, color } },
        { data: { values: withCi }, mark: { type: 'rule', color: 'black', clip: true }, encoding: { x, xOffset: offset, y: { ...y, field: 'lo' }, y2: { field: 'hi' } } },
        // a bar of no height is written "0" at its place: dsbra's simulated panel, six zeros, was drawn empty, as
        // if nothing had been simulated
        ...(zeros.length === 0 ? [] : [{ data: { values: zeros }, mark: { type: 'text', baseline: 'bottom', dy: -2, fontSize: 10 },
          encoding: { x, xOffset: offset, y: { ...y, field: 'mean' }, text: { field: 'text' } } }]),
      ],
    };
  }
  const x = { field: 'x', type: 'quantitative', title: fig.xTitle };
  return {
    title: panel.title, ...SIZE,
    layer: [
      { data: { values }, mark: { type: 'line', point: true }, encoding: { x, y: { ...y, field: 'mean' }, color } },
      { data: { values: withCi }, mark: { type: 'rule', clip: true }, encoding: { x, y: { ...y, field: 'lo' }, y2: { field: 'hi' }, color } },
    ],
  };
}

/** The vega-lite spec of a figure: two panels, one y scale, one legend. */
export function figureSpec(fig: Figure): TopLevelSpec {
  const all = [...fig.paper.points, ...fig.simulated.points];
  const xs = firstSeen(all.map((p) => p.x));
  const series = firstSeen(all.map((p) => p.series));
  return {
    $schema: SCHEMA,
    title: fig.title,
    hconcat: [panelSpec(fig, fig.paper, xs, series), panelSpec(fig, fig.simulated, xs, series)],
    resolve: { scale: { y: 'shared', color: 'shared', xOffset: 'independent' } },
    config: { font: 'sans-serif' },
  } as unknown as TopLevelSpec;
}

/**
 * The figure as SVG. vega numbers clip paths from a counter global to the process (clip1, clip2, ...), so the same
 * figure drawn later would differ: they are renamed in order of appearance, with the figure's id, to keep the SVG a
 * function of the figure alone (and the ids distinct when several SVGs share a page).
 */
export async function figureSvg(id: string, fig: Figure): Promise<string> {
  const chart: Chart = { id, title: fig.title, spec: figureSpec(fig) };
  const svg = await renderSvg(chart);
  const names = new Map<string, string>();
  return svg.replace(/\bclip\d+\b/g, (m) => {
    let name = names.get(m);
    if (name === undefined) names.set(m, name = `${id}-clip${names.size + 1}`);
    return name;
  });
}
