/**
 * What the message codec costs a run: the same scenario in-process plainly and through the codec (`--codec`, every
 * epoch command and heartbeat batch encoded and decoded, as the threads runtime does), alternating; the racks' time
 * of the codec run less the plain run's is the codec's, per message = that / (2 x racks x epochs). Digests checked.
 *   npm run build && node dist/bench/codec.js [scenario.json] [--variant name] [--racks n] [--repeat 3]
 * Default: long-tasks.json, "HFS + delay", at 1,000 racks (messages far outweigh the racks' work there).
 */
import { join } from 'node:path';
import { simulate } from '../src/actors/simulate.js';
import { loadScenarioFlags } from '../src/cli/load-scenario.js';
import { readFlags } from './flags.js';
import { median } from './sweep-scaling.js';

const flags = readFlags({ script: 'codec', usage: 'usage: node dist/bench/codec.js [scenario.json] [--variant name] [--racks n] [--repeat 3]', flags: { '--variant': 'value', '--racks': 'value', '--repeat': 'value' }, positionals: { min: 0, max: 1 } });
const file = flags.positionals[0] ?? join(import.meta.dirname, '..', '..', 'scenarios', 'long-tasks.json');
const repeat = flags.count('--repeat', 3, 1);
const racks = flags.count('--racks', file.endsWith('long-tasks.json') ? 1000 : 0, 0); // 0: the scenario's own
const variantName = flags.text('--variant') ?? (file.endsWith('long-tasks.json') ? 'HFS + delay' : undefined);
// --racks is applied as a set of cluster.racks: its errors name --racks.
const { variants } = flags.input(() => loadScenarioFlags(file, racks > 0 ? [['cluster.racks', racks]] : [], undefined, variantName, { 'cluster.racks': '--racks' }));
const { scenario, name } = variants[0];

const racksMs: Record<'plain' | 'codec', number[]> = { plain: [], codec: [] };
const digests = new Set<string>();
let messages = 0;
for (let i = 0; i < repeat; i++) {
  for (const way of ['plain', 'codec'] as const) {
    const r = await simulate(scenario, { variant: name, codec: way === 'codec', timeDecisions: false });
    racksMs[way].push(r.run.racksMs);
    digests.add(r.digest);
    messages = 2 * scenario.cluster.racks * r.run.epochs;
  }
}
const codecMs = median(racksMs.codec) - median(racksMs.plain);
console.log(`${scenario.name} (${name}), ${scenario.cluster.racks} racks, ${messages.toLocaleString('en-US')} messages a run, median of ${repeat}:`);
console.log(`  racks ms plain ${racksMs.plain.map(Math.round).join(' ')}, through the codec ${racksMs.codec.map(Math.round).join(' ')}`);
console.log(`  codec ${Math.round(codecMs)} ms, ${((codecMs * 1000) / messages).toFixed(2)} us a message (encode and decode); digests ${digests.size === 1 ? 'same' : 'DIFFER'}`);
if (digests.size !== 1) process.exit(1);
