/**
 * A verdict in the committed EXPERIMENTS.md follows from the numbers it prints against a stated threshold (its header
 * says every verdict does). macro-io's "delay scheduling helps medium jobs (bins 3-6) more than the smallest (bins
 * 1-2)" read "holds" on 1.24x against 1.22x, a gap of 0.02x inside every one of those bins' 95% intervals and no
 * threshold stated, while the paper's shape is 1.29x against 1.03x: it now asks for at least 0.05x, the 5% the
 * document takes elsewhere as a gain (mean response at least 5% lower), and says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const md = readFileSync(join(ROOT, 'EXPERIMENTS.md'), 'utf8');

describe('EXPERIMENTS.md verdicts', () => {
  it('macro-io: "helps medium jobs more than the smallest" states its threshold, and its verdict follows from the numbers shown', () => {
    const line = md.split('\n').find((l) => l.startsWith('- delay scheduling helps medium jobs (bins 3-6) more than the smallest (bins 1-2)'));
    expect(line).toBeDefined();
    const m = /\(by at least (\d+\.\d+)x\): (holds|\*\*does not hold\*\*) \(mean speedup bins 3-6: (\d+\.\d+)x; bins 1-2: (\d+\.\d+)x; the paper: 1\.29x and 1\.03x\)/.exec(line!);
    expect(m, line).not.toBeNull();
    const [, threshold, verdict, mid, small] = m!;
    expect(verdict === 'holds').toBe(Number(mid) - Number(small) >= Number(threshold));
    // the summary table says the same
    expect(md).toContain(`| macro-io | delay scheduling helps medium jobs (bins 3-6) more than the smallest (bins 1-2) (by at least ${threshold}x) | ${verdict === 'holds' ? 'holds' : 'does not hold'} |`);
  });
});

describe('EXPERIMENTS.md against the sticky-slot bound', () => {
  // The paper gives 1 - (1 - f)^(RL) as a cap ("at most"); the simulation sat above it at every job count (50 jobs,
  // L = 6: 32.3%, 95% CI 31.4-33.1%, against 30.5%) and each line read "agrees (within 3 points)", which hid that.
  it('a simulated locality above the bound says it is above a cap, not only that it agrees', () => {
    const lines = md.split('\n').filter((l) => l.startsWith('- ') && l.includes('the bound\'s'));
    expect(lines.length).toBe(7); // sticky-slots, sticky-slots-fluid: 2 each; analytic-sticky: 3
    let above = 0;
    for (const l of lines) {
      const m = /simulated (\d+\.\d)% \(95% CI (\d+\.\d)-\d+\.\d%\)[^]*?the bound's (\d+\.\d)%/.exec(l);
      expect(m, l).not.toBeNull();
      const [, sim, lo, bound] = m!.map(Number);
      if (sim > bound) {
        above++;
        expect(l, l).toContain(`is above the bound's ${bound.toFixed(1)}%`);
        expect(l, l).toContain('a cap');
        if (lo > bound) expect(l, l).toContain('its 95% interval clear of it');
      } else {
        expect(l, l).not.toContain('a cap');
      }
    }
    expect(above).toBeGreaterThan(0);
  });
});

describe('EXPERIMENTS.md: facebook-production\'s share of small jobs', () => {
  // The check "most jobs are small" printed 70.4% beside the paper's 58% of jobs with 1-25 maps and no sentence on the
  // 12-point gap, though the document says every difference gets one. The sizes are drawn from the macrobenchmarks'
  // bin shares (src/core/facebook-bins.ts), which put 70.8% of jobs at 1-25 maps; Figure 2's 58% is of March 2009's jobs.
  it('the simulated share beside the paper\'s 58% has a difference sentence that names what the sizes are drawn from', () => {
    const section = md.split('\n## ').find((s) => s.includes('The Facebook production picture'))!;
    const line = section.split('\n').find((l) => l.startsWith('- Share of jobs with 1-25 maps'));
    expect(line, 'no difference line on the share of 1-25-map jobs').toBeDefined();
    const m = /simulated (\d+\.\d)% \(95% CI [^)]*\) is above the paper's 58\.0%/.exec(line!);
    expect(m, line).not.toBeNull();
    expect(line).toContain('70.8%'); // the bin shares' own 1-25-map share, which the simulated one should sit near
    expect(Math.abs(Number(m![1]) - 70.8)).toBeLessThan(3);
    expect(line).toContain('March 2009');
  });
});
