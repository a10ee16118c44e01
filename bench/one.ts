/** Runs one scenario variant once and prints its measures as JSON (a child process per run, so peak memory is its own). */
import { resourceUsage } from 'node:process';
import { simulate } from '../src/actors/simulate.js';
import { loadScenario } from '../src/cli/load-scenario.js';

const [file, variant] = process.argv.slice(2);
const loaded = loadScenario(file, [], undefined, variant || undefined);
const v = loaded.variants[0];
const r = await simulate(v.scenario, { variant: v.name, trace: v.trace });
process.stdout.write(JSON.stringify({
  scenario: r.scenario, variant: r.variant, digest: r.digest, maps: r.summary.maps, jobs: r.summary.jobs,
  wallMs: r.run.wallMs, events: r.run.events, heartbeats: r.run.heartbeats, eventsPerSecond: r.run.eventsPerSecond,
  decisionUs: r.run.decisionUs, peakRssMB: Math.round(resourceUsage().maxRSS / 1024),
}) + '\n');
