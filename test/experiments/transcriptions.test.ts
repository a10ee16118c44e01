/**
 * Numbers the experiments give as the paper's and take from SPEC.md are labelled as SPEC.md gives them. SPEC.md
 * section 6 has the IO-heavy speedups by bin "read off the paper's figure" and names no figure number for them or for
 * the mixed workload's; macro-io said "SPEC.md section 6 transcribes Figure 6" (and its chart "Figure 6, via SPEC.md
 * 6"), macro-mixed "transcribes Figure 10": a figure number neither papers/ nor SPEC.md gives, and "transcribes" for
 * values read off a chart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../src/experiments/catalog.js';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * SPEC.md section 6's lines with the numbers these experiments take from it, quoted (SPEC.md is outside the
 * repository): the IO-heavy speedups "read off the paper's figure", the mixed ones; no figure number for either.
 */
const SPEC_6 = `- IO-heavy macrobenchmark (EC2, 100 nodes): fair sharing greatly speeds small jobs over FIFO and slows the
  largest; delay scheduling adds more, mostly for medium jobs. Speedup of fair+delay over naive fair by bin
  1-9, read off the paper's figure: 1.01, 1.05, 1.22, 1.29, 1.44, 1.22, 1.18, 1.31, 1.11.
- Mixed workload, speedup over FIFO by bin 1-10 (naive fair / fair+delay): 2.2/2.4, 2.4/2.75, 1.05/1.2,
  1.3/1.5, 1.0/0.95, 2.15/2.55, 0.9/1.0, 1.15/1.55, 0.9/1.0, 0.9/0.9.`;
const specSection = (n: string): string => (n === '6' ? SPEC_6 : '');

describe('what the experiments attribute to SPEC.md', () => {
  it('a figure number given as SPEC.md\'s is one SPEC.md names', () => {
    const svgs = EXPERIMENTS.map((e) => readFileSync(join(ROOT, 'experiments', `${e.id}.svg`), 'utf8'));
    const claims = [
      ...EXPERIMENTS.flatMap((e) => [...e.paper.matchAll(/SPEC\.md section (\d+) (?:transcribes|reads off)[^:;.]*?(Figure \d+)/g)].map((m) => ({ who: e.id, section: m[1], figure: m[2] }))),
      ...svgs.flatMap((s, i) => [...s.matchAll(/\((Figure \d+), via SPEC\.md (\d+)\)/g)].map((m) => ({ who: `${EXPERIMENTS[i].id}.svg`, section: m[2], figure: m[1] }))),
    ];
    for (const c of claims) expect(specSection(c.section), `${c.who}: ${c.figure} as SPEC.md section ${c.section}'s`).toContain(c.figure);
  });

  it('macro-io\'s speedups by bin are labelled read off the paper\'s figure, as SPEC.md section 6 gives them', () => {
    const io = EXPERIMENTS.find((e) => e.id === 'macro-io')!;
    expect(io.paper).toMatch(/read off the paper's figure[^.]*1\.01, 1\.05, 1\.22, 1\.29, 1\.44, 1\.22, 1\.18, 1\.31, 1\.11/);
    expect(io.paper).not.toContain('transcribes');
  });

  it('macro-mixed\'s speedups by bin are SPEC.md section 6\'s', () => {
    const mixed = EXPERIMENTS.find((e) => e.id === 'macro-mixed')!;
    const spec = /\(naive fair \/ fair\+delay\): ([^]*?)\.$/m.exec(SPEC_6.replace(/\n\s+/g, ' '))![1];
    expect(mixed.paper).toContain(`(naive fair / fair + delay): ${spec}.`);
  });
});
