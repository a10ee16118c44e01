/**
 * How far a fluid run's cross-rack traffic goes over a bounded core (`cluster.network.coreGbps`), epoch by epoch: every
 * MB that crosses racks leaves through some rack's uplink, so the racks' uplinks together, in an epoch, against what
 * the core carries in one. Prints the epochs with traffic, those over by more than 1%, the worst epoch's ratio, and the
 * excess: the MB above the core's capacity, summed over epochs, as a share of all the uplinks carried (README, "Far
 * sides under a bounded core").
 *   npm run build && node dist/bench/core-excess.js <scenario.json> <variant> [path=value ...]
 * e.g. node dist/bench/core-excess.js scenarios/fb-macro-io-oversub.json "Fair + delay, 10:1" cluster.network.coreGbps=0.3
 */
import { simulate } from '../src/actors/simulate.js';
import { loadScenarioFlags } from '../src/cli/load-scenario.js';
import { parseSet } from '../src/cli/set-argument.js';
import { linkRates } from '../src/core/network/rack-links.js';
import { makeTopology } from '../src/core/topology.js';
import { readFlags } from './flags.js';

const flags = readFlags({ script: 'core-excess', usage: 'usage: node dist/bench/core-excess.js <scenario.json> <variant> [path=value ...]', flags: {},
  positionals: { min: 2, max: Infinity, names: ['<scenario.json>', '<variant>'] } });
const [file, variant, ...sets] = flags.positionals;
const loaded = flags.input(() => loadScenarioFlags(file, sets.map(parseSet), undefined, variant).variants[0]);
const scenario = loaded.scenario;
const topology = makeTopology(scenario.cluster, scenario.seed);
const coreMBps = linkRates(scenario.cluster.network, topology.nodesPerRack).coreMBps;
if (coreMBps === Infinity) flags.refuse(`${file}: the core is non-blocking; set cluster.network.coreGbps`);
const perEpoch = coreMBps * topology.heartbeatMs / 1000;
const last = new Map<number, number>();
let epochs = 0;
let over = 0;
let worst = 0;
let excess = 0;
let carried = 0;
const r = await simulate(scenario, { variant: loaded.name, trace: loaded.trace, timeDecisions: false, inspect: { batches: (_epoch, batches) => {
  let up = 0;
  for (const b of batches) {
    up += b.carriedMB[0] - (last.get(b.rack) ?? 0);
    last.set(b.rack, b.carriedMB[0]);
  }
  if (up <= 0) return;
  carried += up;
  epochs++;
  if (up > perEpoch * 1.01) over++;
  worst = Math.max(worst, up / perEpoch);
  excess += Math.max(0, up - perEpoch);
} } });
console.log(`${loaded.name}: digest ${r.digest.slice(0, 12)}, mean response ${(r.summary.meanResponseMs / 1000).toFixed(1)} s, racks ${r.run.racksMs} ms; ` +
  `epochs with traffic ${epochs}, over the core by >1%: ${over}, worst ${worst.toFixed(2)}x; excess ${(100 * excess / carried).toFixed(2)}% of ${carried.toFixed(0)} MB up`);
