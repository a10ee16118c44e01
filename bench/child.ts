/** Runs one benchmark case once, in its own process (so peak memory is its own), and prints its measures as JSON. */
import { resourceUsage } from 'node:process';
import { join, resolve } from 'node:path';
import { simulate } from '../src/actors/simulate.js';
import { endDespitePluginTimers, failureLines } from '../src/cli/errors.js';
import { loadScenarioFlags } from '../src/cli/load-scenario.js';
import { endOnPluginCrash, loadPluginFlags } from '../src/cli/plugins.js';
import { CASE_RESULT, type CaseSpec, caseScenario, inlineScenario } from './suites.js';

const ROOT = join(import.meta.dirname, '..', '..');
const spec = JSON.parse(process.argv[2]) as CaseSpec;

async function main(): Promise<void> {
  let run;
  // A user's case: the --plugin files first, so that its scenario may name what they register (as hfsim run loads them).
  if (spec.own !== undefined) {
    await loadPluginFlags(spec.own.plugins.map((p) => p.file)); // as given: this process runs in bench's folder
    endOnPluginCrash();
  }
  if (spec.file !== undefined) {
    const v = loadScenarioFlags(resolve(ROOT, spec.file), spec.sets ?? [], undefined, spec.variant || undefined).variants[0];
    // The loaded variant's own name (a scenario without variants: its policy), as `hfsim run` names it: the digest
    // covers it, so a file case's digest is the one `hfsim run` prints for that file and variant.
    run = { scenario: v.scenario, options: { variant: v.name, trace: v.trace } };
  } else {
    run = { scenario: caseScenario(spec), options: { variant: '' } };
  }
  // Warm-up runs (suites.ts says why), unmeasured.
  const warmup = spec.warmup;
  const warm = warmup?.raw === undefined ? run : { scenario: inlineScenario(`${spec.name} warm-up`, warmup.raw), options: { variant: '' } };
  for (let i = 0; i < (warmup?.runs ?? 0); i++) await simulate(warm.scenario, warm.options);
  const cpu0 = process.cpuUsage();
  const r = await simulate(run.scenario, run.options);
  const cpu = process.cpuUsage(cpu0);
  const c = r.config.cluster;
  // On a line of its own, whatever a plugin printed before it (runner.ts reads that line).
  process.stdout.write(`\n${CASE_RESULT}${JSON.stringify({
    digest: r.digest, jobs: r.summary.jobs, maps: r.summary.maps, nodes: c.racks * c.nodesPerRack, policy: r.config.scheduler.policy,
    wallMs: r.run.wallMs, cpuMs: Math.round((cpu.user + cpu.system) / 1000), events: r.run.events, heartbeats: r.run.heartbeats,
    decisionUs: r.run.decisionUs, launchUs: r.run.launchUs, tickUs: r.run.tickUs, peakRssMB: Math.round(resourceUsage().maxRSS / 1024),
  })}\n`);
}

// As hfsim run says a failure: where a --plugin file threw or called the engine, on a line of its own.
main().catch((err: unknown) => {
  process.stderr.write(`${failureLines(err).join('\n')}\n`);
  process.exitCode = 1;
}).finally(endDespitePluginTimers); // a plugin's timer kept the case's process, and so the bench, waiting
