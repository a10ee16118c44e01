/** The response-time CDF as drawn: two variants with the same response times both stay visible. */
import { describe, expect, it } from 'vitest';
import { type RunRecord, cdfChart } from '../../src/report/charts.js';
import { renderSvg } from '../../src/report/html.js';

// dsbra.json's two variants: DSBRA makes no replica there, so every job's response time is the same in both
const jobs = [30, 45, 120, 900, 8200].map((s) => ({ responseMs: s * 1000 }));
const record = (variant: string): RunRecord => ({ variant, values: {}, bins: [], jobs });

describe('response-time CDF', () => {
  it('draws each variant with its own dash, in one legend: the later line no longer hides an identical earlier one', async () => {
    const records = [record('delay'), record('delay + DSBRA')];
    const svg = await renderSvg(cdfChart(records, (r) => ({ series: r.variant, key: [records.indexOf(r)] }), 'cdf'));
    const dash = (variant: string): string | undefined =>
      new RegExp(`<path aria-label="[^"]*variant: ${variant.replace(/[+]/g, '\\+')}"[^>]*?(?:stroke-dasharray="([^"]*)")?/>`).exec(svg)?.[1];
    // the first solid ("1,0"), the second dashed: the first shows through the second's gaps
    expect(dash('delay')).toBe('1,0');
    expect(dash('delay + DSBRA')).toBe('4,2');
    expect(svg.match(/class="mark-group role-legend"/g)).toHaveLength(1); // colour and dash share the legend
  });
});
