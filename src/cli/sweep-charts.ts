/** The charts a sweep file asks of its report: their schema, and what is wrong with them given the sweep's axes. */
import { z } from 'zod';
import { numberField } from '../core/bounded.js';
import { BIN_METRICS, RUN_METRICS } from './sweep-aggregate.js';
import { type Axis, VARIANT_AXIS, isNumericAxis } from './sweep-axes.js';

/** A chart's text field, a wrong type named by the field (zod's words were "expected string, received number"). */
const chartText = (what: string, of: string) => z.string({ error: `${what} must be a string (${of})` });
/** The analytic curve's p: a fraction, as tasks.slowStart (a percentage, 5 for 5%, is the likely mistake). */
const P_RANGE = 'p must be greater than 0 and at most 1 (a fraction: 0.05 is 5%)';

// Its fields named in their errors, as a scenario's are ("a bin must be a number", not zod's "Invalid input: expected
// number, received string"); formatIssue adds how to write a number given as a string.
export const chartSchema = z.strictObject({
  /** A summary metric ("locality.node", "meanResponseMs", "fairness", ...), optionally per size bin. */
  metric: chartText('metric', "a metric's name").min(1, 'metric must name a metric'),
  /** The axis on the x scale (default: the first axis with numbers). */
  x: chartText('x', "an axis's name").min(1, 'x must name an axis').optional(),
  /** Lines by: another axis, or "bin" (one line per job size bin). Default: the variant axis, if any. */
  by: chartText('by', 'an axis\'s name, or "bin"').min(1, 'by must name an axis, or "bin"').optional(),
  /** Only these size bins (with by: "bin", or one bin for a per-bin metric). */
  bins: z.array(numberField('a bin').int('a bin must be a whole number').min(1, 'a bin must be at least 1'), { error: 'bins must be a list of bin numbers, e.g. [1]' })
    .min(1, 'bins must list at least one bin').optional(),
  title: chartText('title', "the chart's title").optional(),
  /** Draw SPEC.md section 5's skip-count curve 1 - (1 - p)^(D + 1) against D; p defaults to R / nodes. */
  analytic: z.strictObject({
    curve: z.literal('skip-count', { error: 'curve must be "skip-count"' }),
    p: numberField('p').gt(0, P_RANGE).lte(1, P_RANGE).optional(),
  }).optional(),
});
export type ChartSpec = z.infer<typeof chartSchema>;

/**
 * What is wrong with a sweep's charts, given its axes (a sweep file's, or a sweep folder's sweep.json): each
 * "charts[i].field: why". A metric must exist (per bin with by "bin" or bins); x and by must name axes, and x an axis
 * of numbers, which the chart's scale places (strings or null there drew an empty chart with NaN coordinates).
 */
export function chartProblems(charts: readonly ChartSpec[], axes: readonly Axis[]): string[] {
  const problems: string[] = [];
  charts.forEach((c, i) => {
    const perBin = c.by === 'bin' || c.bins !== undefined;
    const known = perBin ? BIN_METRICS : RUN_METRICS;
    if (!known.has(c.metric)) problems.push(`charts[${i}].metric: "${c.metric}" is not a${perBin ? ' per-bin' : ''} metric (have ${[...known].join(', ')})`);
    // Without "by": "bin" a chart's lines are by an axis, and its metric is one bin's: the other bins were dropped unsaid.
    if (c.by !== 'bin' && c.bins !== undefined && c.bins.length > 1) {
      problems.push(`charts[${i}].bins: ${JSON.stringify(c.bins)} lists ${c.bins.length} bins, but a chart without "by": "bin" draws one bin's ${c.metric}: list one bin, or add "by": "bin" for a line each`);
    }
    // The report puts the first axis of numbers on the x scale: with none, the chart was left out unsaid.
    if (c.x === undefined && !axes.some((a) => a.name !== VARIANT_AXIS && isNumericAxis(a))) {
      problems.push(`charts[${i}]: no axis of the sweep has numbers for the x scale (a chart draws ${c.metric} against one): add such an axis, or leave the chart out (the report's CDF and by-bin charts show every point)`);
    }
    for (const key of ['x', 'by'] as const) {
      const name = c[key];
      if (name === undefined || (key === 'by' && name === 'bin')) continue;
      const axis = axes.find((a) => a.name === name);
      if (axis === undefined) problems.push(`charts[${i}].${key}: "${name}" is not an axis of the sweep`);
      else if (key === 'x' && !isNumericAxis(axis)) {
        const other = axis.values.find((v) => typeof v !== 'number' || !Number.isFinite(v));
        problems.push(`charts[${i}].x: axis "${name}" has the value ${JSON.stringify(other) ?? String(other)}: a chart's x axis needs numbers`);
      }
    }
  });
  return problems;
}
