/**
 * scenarios/dsbra.json's two variants over several seeds, beside the DSBRA paper's figures (section V):
 * `node dist/scripts/dsbra-seeds.js [--seeds 1-5] [--set path=value]... [--file scenarios/dsbra.json]`. For each seed: mean response time, node
 * locality, delay waiting and storage of "delay" (static replication) and "delay + DSBRA", and DSBRA's change; then
 * the mean change over the seeds; for DSBRA also its delayed reads, and the largest GAvg and RF of any round (Algorithm
 * 1 replicates only in a round with GAvg > 0.2, a block with RF > GAvg + 0.2). Nothing is fitted: the scenario's
 * figures come from the paper's set-up.
 */
import { simulate } from '../src/actors/simulate.js';
import { type LoadedVariant, loadScenarioFlags } from '../src/cli/load-scenario.js';
import { parseSet } from '../src/cli/set-argument.js';
import { readFlags } from '../bench/flags.js';
import { plainCounted } from '../src/cli/format.js';
import { MAX_SWEEP_POINTS } from '../src/core/limits.js';

// Bad flags or a bad scenario: one line and exit 2, as hfsim's own bad input (an unknown flag was a stack trace).
const flags = readFlags({ script: 'dsbra-seeds', usage: 'usage: node dist/scripts/dsbra-seeds.js [--seeds 1-5] [--set path=value]... [--file scenarios/dsbra.json]',
  flags: { '--seeds': 'value', '--set': 'values', '--file': 'value' } });
const values = { seeds: flags.text('--seeds') ?? '1-5', set: flags.texts('--set'), file: flags.text('--file') ?? 'scenarios/dsbra.json' };
// "1-5" or "3": "x" gave NaN bounds and a table of no seed with NaN% changes, and "5-1" the same, exit 0.
const range = /^(\d+)(?:-(\d+))?$/.exec(values.seeds);
const lo = Number(range?.[1]);
const hi = Number(range?.[2] ?? range?.[1]);
if (range === null || !Number.isSafeInteger(hi) || hi < lo) flags.refuse(`--seeds ${values.seeds}: give a seed or a range of seeds, low to high (3, 1-5)`);
// Each seed runs both variants: 1-99999999 was taken, a run of years (a sweep's points are bounded so).
if (hi - lo + 1 > MAX_SWEEP_POINTS) flags.refuse(`--seeds ${values.seeds}: ${hi - lo + 1} seeds, above the limit of ${MAX_SWEEP_POINTS} (a sweep's points)`);

/** The scenario's variants at one seed, --set applied as hfsim run applies it; bad input is refused. */
function variantsAt(seed: number): LoadedVariant[] {
  const loaded = flags.input(() => loadScenarioFlags(values.file, values.set.map(parseSet), seed));
  // The table compares a static variant with a replication policy's: two variants, each with a replication report.
  if (loaded.variants.length !== 2 || loaded.variants.some((v) => v.scenario.scheduler.replication === undefined)) {
    flags.refuse(`${values.file}: two variants with scheduler.replication (static, then a policy) are compared; it has ${loaded.variants.length === 2 ? 'one without' : `${loaded.variants.length}`}`);
  }
  return loaded.variants;
}

const pct = (a: number, b: number): number => (a === 0 ? (b === 0 ? 0 : Infinity) : (100 * (b - a)) / a);
const rows: number[][] = [];
const variants = variantsAt(lo);
// A --set of the policy reaches both variants (README's rows for "average": "read" and popular-small are run so): the
// change lines then compare one policy with itself, which the summary read as "delay + DSBRA against delay".
const replications = variants.map((v) => v.scenario.scheduler.replication!);
const same = JSON.stringify(replications[0]) === JSON.stringify(replications[1]);
const named = variants.map((v, k) => (same ? `${v.name} (${replications[k].policy})` : v.name));
if (same) {
  const why = values.set.length === 0 ? '' : ' (a --set reaches both)';
  console.error(`dsbra-seeds: both variants run scheduler.replication.policy "${replications[0].policy}" with the same config${why}: the change lines compare it with itself; read the rows`);
}
console.log('seed  variant          mean resp (s)  node local  delay wait (s)  created  deleted  storage mean / peak  delayed reads  GAvg max  RF max');
for (let seed = lo; seed <= hi; seed++) {
  const out = [];
  for (const v of variantsAt(seed)) {
    const r = await simulate(v.scenario, { variant: v.name, trace: v.trace, timeDecisions: false });
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
console.log(`\nover ${plainCounted(rows.length, 'seed')}, ${named[1]} against ${named[0]}:        this run   the paper`);
console.log(`  mean response time change              ${mean(0).padStart(7)}%      -13%`);
console.log(`  node locality change (points)          ${mean(1).padStart(7)}       +7`);
console.log(`  delay waiting change                   ${mean(2).padStart(7)}%      -17%`);
console.log(`  storage above static, mean             ${mean(3).padStart(7)}%      +22%`);
console.log(`  storage above static, peak             ${mean(4).padStart(7)}%      +27%`);
