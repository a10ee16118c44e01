/**
 * scenarios/dsbra.json's two variants over several seeds, beside the DSBRA paper's figures (section V):
 * `node dist/scripts/dsbra-seeds.js [--seeds 1-5] [--set path=value]...`. For each seed: mean response time, node
 * locality, delay waiting and storage of "delay" (static replication) and "delay + DSBRA", and DSBRA's change; then
 * the mean change over the seeds; for DSBRA also its delayed reads, and the largest GAvg and RF of any round (Algorithm
 * 1 replicates only in a round with GAvg > 0.2, a block with RF > GAvg + 0.2). Nothing is fitted: the scenario's
 * figures come from the paper's set-up.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { simulate } from '../src/actors/simulate.js';
import { parseScenario, resolveVariant, variantsOf } from '../src/core/scenario.js';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '1-5' }, set: { type: 'string', multiple: true, default: [] }, file: { type: 'string', default: 'scenarios/dsbra.json' } } });
const [lo, hi] = values.seeds.split('-').map(Number);
const sets = values.set.map((s): [string, unknown] => {
  const at = s.indexOf('=');
  const text = s.slice(at + 1);
  let value: unknown = text;
  try { value = JSON.parse(text); } catch { /* a string */ }
  return [s.slice(0, at), value];
});
const raw = JSON.parse(readFileSync(resolve(values.file), 'utf8')) as Record<string, unknown>;
const variants = variantsOf(raw);
const pct = (a: number, b: number): number => (a === 0 ? (b === 0 ? 0 : Infinity) : (100 * (b - a)) / a);
const rows: number[][] = [];
console.log('seed  variant          mean resp (s)  node local  delay wait (s)  created  deleted  storage mean / peak  delayed reads  GAvg max  RF max');
for (let seed = lo; seed <= (hi ?? lo); seed++) {
  const out = [];
  for (const v of variants) {
    const parsed = parseScenario(resolveVariant(raw, v.overrides, [...sets, ['seed', seed]]));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const r = await simulate(parsed.value, { variant: v.name, timeDecisions: false });
    const x = r.replication!;
    out.push({ resp: r.summary.meanResponseMs, node: r.summary.locality.node, wait: x.delayWaitMs.total, x });
    // DSBRA's own counts (absent for static): delayed reads of all reads, and the largest GAvg and RF of any round.
    const c = x.counts;
    const own = c === undefined ? '' : `${`${c.delayedReads} / ${c.reads}`.padStart(13)}  ${c.gAvgMax.toFixed(4).padStart(8)}  ${c.rfMax.toFixed(4)}`;
    console.log(`${String(seed).padEnd(5)} ${v.name.padEnd(16)} ${(r.summary.meanResponseMs / 1000).toFixed(1).padStart(13)} ${(100 * r.summary.locality.node).toFixed(1).padStart(10)}% ${(x.delayWaitMs.total / 1000).toFixed(1).padStart(14)} ${String(x.replicasCreated).padStart(8)} ${String(x.replicasDeleted).padStart(8)}  ${`${x.storage.meanOverheadPct.toFixed(1)}% / ${x.storage.peakOverheadPct.toFixed(1)}%`.padEnd(19)}  ${own}`);
  }
  const [a, b] = out;
  rows.push([pct(a.resp, b.resp), 100 * (b.node - a.node), pct(a.wait, b.wait), b.x.storage.meanOverheadPct, b.x.storage.peakOverheadPct]);
}
const mean = (k: number): string => (rows.reduce((s, r) => s + r[k], 0) / rows.length).toFixed(1);
console.log(`\nover ${rows.length} seeds, ${variants[1]?.name} against ${variants[0]?.name}:        this run   the paper`);
console.log(`  mean response time change              ${mean(0).padStart(7)}%      -13%`);
console.log(`  node locality change (points)          ${mean(1).padStart(7)}       +7`);
console.log(`  delay waiting change                   ${mean(2).padStart(7)}%      -17%`);
console.log(`  storage above static, mean             ${mean(3).padStart(7)}%      +22%`);
console.log(`  storage above static, peak             ${mean(4).padStart(7)}%      +27%`);
