/**
 * The differential check of one scenario: a run audited from the master's side keeps the invariants (no slot
 * over-committed, every task run to completion once, a killed attempt run again, every job finished, killed work
 * accounted, no pool over its cap, no capacity user past its user limit at a launch, none killed from a pool preemption may not take from, each map that reads hand-placed
 * replicas reported at the locality they give, the racks' free slots as the master counts them), and every way of running it gives that run's digest: each exact shortcut off (heartbeat skipping,
 * the O(1) answer to map scans), the msgpack codec in-process, and rack actors on worker threads.
 */
import type { RackInspector } from '../../src/actors/inprocess.js';
import { type Result, type SimulateOptions, simulate } from '../../src/actors/simulate.js';
import type { Scenario } from '../../src/core/scenario.js';
import type { SwimTrace } from '../../src/core/swim.js';
import type { SchedulerObserver } from '../../src/core/scheduler.js';
import { COPY_JOB } from '../../src/core/task-ref.js';
import { auditor } from '../helpers.js';
import { localityAudit } from './locality-audit.js';
import { poolCapsAudit } from './pool-caps.js';
import { type UserLimitAudit, userLimitAudit } from './user-limit.js';

/** One way of running a scenario that must give the audited run's digest. */
export interface Way {
  name: string;
  options: SimulateOptions;
}

export const WAYS: readonly Way[] = [
  { name: 'every heartbeat', options: { everyHeartbeat: true } },
  { name: 'walk every map scan', options: { scan: 'walk' } },
  { name: 'no shortcut', options: { everyHeartbeat: true, scan: 'walk' } },
  { name: 'codec', options: { codec: true } },
  { name: 'threads (2 workers)', options: { runtime: 'threads', workers: 2 } },
];

export interface CheckOutcome {
  /** The audited run's digest, or '' when it failed. */
  digest: string;
  /** What broke: a run that threw, a violated invariant, or a way whose digest differs. Empty when all held. */
  failures: string[];
  /** Kills in the audited run (how much of preemption it exercised). */
  kills: number;
  /** Launches the capacity user-limit audit checked in the audited run, and of them those that reached the limit (user-limit.ts). */
  userLimit?: { checked: number; atLimit: number };
  /**
   * The kill-loop check's message, where it stopped the audited run and every way alike (KILL_LOOP): a scenario whose
   * preemption kills as fast as slots free (as Hadoop's and YARN's rules would) is refused, not failed.
   */
  stopped?: string;
}

/**
 * The master's refusal of a run whose preemption kills over 1,000 attempts a slot with no task finished (master-actor.ts
 * checkProgress): the harness draws such scenarios (a leaf's min share under a parent pool with none, with the "hadoop"
 * rounding, kills the slot's holder each interval while the root's order offers the slot to another pool).
 */
const KILL_LOOP = / kills tasks before any can end$/;

export interface CheckOptions {
  /** Leave out the threads runtime (its workers cost ~100 ms to start). */
  threads?: boolean;
  /**
   * The simulate() the threads way runs (default: this module's). Tests under vitest pass the build's
   * (test/helpers.ts compiledSimulate): a rack worker started from the sources compiles them first (~1 s each).
   */
  threadsSimulate?: typeof simulate;
  /** A swim workload's trace rows (loadScenario reads them beside the scenario), given to every run. */
  trace?: SwimTrace;
}

export async function checkScenario(s: Scenario, options: CheckOptions = {}): Promise<CheckOutcome> {
  const audit = auditor(s);
  const caps = poolCapsAudit(s);
  const locality = localityAudit(s);
  const users = userLimitAudit(s, options.trace);
  const trace = options.trace;
  const rackSide: string[] = [];
  let base;
  try {
    const observer = [caps.observer, locality.observer, users.observer].reduce(both, audit.observer);
    base = await simulate(s, { observer, timeDecisions: false, inspect: slotsAgree(s, audit, rackSide), trace });
  } catch (err) {
    const message = messageOf(err);
    if (KILL_LOOP.test(message)) return stoppedAlike(s, message, options, audit.kills);
    return { digest: '', failures: [`run failed: ${message}`], kills: audit.kills, userLimit: checkedOf(users) };
  }
  const failures = [...audit.violations, ...rackSide, ...outcomeFailures(s, audit, base), ...caps.failures(base.jobs), ...locality.failures(base.jobs), ...users.failures()];
  for (const way of waysOf(options)) {
    try {
      const r = await runWay(s, way, options);
      if (r.digest !== base.digest) failures.push(`${way.name}: digest ${r.digest.slice(0, 12)}, not ${base.digest.slice(0, 12)}`);
    } catch (err) {
      failures.push(`${way.name}: run failed: ${messageOf(err)}`);
    }
  }
  return { digest: base.digest, failures, kills: audit.kills, userLimit: checkedOf(users) };
}

const waysOf = (options: CheckOptions): Way[] => WAYS.filter((way) => way.options.runtime !== 'threads' || options.threads !== false);

/** Scenario `s` run `way` (on threads through options.threadsSimulate where given). */
function runWay(s: Scenario, way: Way, options: CheckOptions): Promise<Result> {
  const run = way.options.runtime === 'threads' ? options.threadsSimulate ?? simulate : simulate;
  return run(s, { ...way.options, timeDecisions: false, trace: options.trace });
}

/** A run the kill-loop check stopped: every way must stop with the same message. */
async function stoppedAlike(s: Scenario, message: string, options: CheckOptions, kills: number): Promise<CheckOutcome> {
  const failures: string[] = [];
  for (const way of waysOf(options)) {
    try {
      await runWay(s, way, options);
      failures.push(`${way.name}: ran to its end, where the audited run stopped: ${message}`);
    } catch (err) {
      const other = messageOf(err);
      if (other !== message) failures.push(`${way.name}: run failed: ${other}, where the audited run stopped: ${message}`);
    }
  }
  return { digest: '', failures, kills, stopped: message };
}

const checkedOf = (users: UserLimitAudit) => ({ checked: users.checked, atLimit: users.atLimit });

/** What the audit and the result must agree on: every task finished once, every job done, kills and lost time counted. */
function outcomeFailures(s: Scenario, audit: ReturnType<typeof auditor>, base: Result): string[] {
  const failures: string[] = [];
  const early = audit.reducesBeforeMaps;
  if (early.length > 0) failures.push(`jobs ${early.slice(0, 5).join(', ')} had a reduce finish no later than a map`);
  const notDone = audit.notDone;
  if (notDone.length > 0) failures.push(`${notDone.length} tasks never finished, e.g. ${notDone.slice(0, 3).join(', ')}`);
  const sum = base.summary;
  const tasks = base.jobs.reduce((n, j) => n + j.maps + j.reduces, 0);
  const jobs = expectedJobs(s);
  if (jobs !== undefined && (base.jobs.length !== jobs || sum.jobs !== jobs)) failures.push(`${jobs} jobs submitted, ${base.jobs.length} listed finished, the summary counts ${sum.jobs}`);
  if (audit.finishes !== tasks) failures.push(`${audit.finishes} task finishes for ${tasks} tasks`);
  if (audit.launches - audit.kills !== tasks) failures.push(`${audit.launches} launches less ${audit.kills} kills for ${tasks} tasks`);
  if (audit.kills !== (sum.killedTasks ?? 0)) failures.push(`the summary counts ${sum.killedTasks ?? 0} killed tasks, the audit ${audit.kills}`);
  const lostS = Math.round(audit.lostSlotMs / 100) / 10;
  if (sum.lostSlotSeconds !== undefined && Math.abs(sum.lostSlotSeconds - lostS) > 0.05) failures.push(`the summary counts ${sum.lostSlotSeconds} lost slot-s, the audit ${lostS}`);
  if (base.pools !== undefined) {
    const poolKills = base.pools.reduce((n, p) => n + p.killedTasks, 0);
    if (poolKills !== audit.kills) failures.push(`the pools count ${poolKills} killed tasks, the audit ${audit.kills}`);
    failures.push(...unpreemptableKills(s, base.pools));
  }
  for (const j of base.jobs) {
    if (!(j.finishMs >= j.submitMs)) failures.push(`job ${j.id} finished at ${j.finishMs}, before its submit ${j.submitMs}`);
    if (j.nodeLocalMaps + j.rackLocalMaps + j.offRackMaps !== j.maps) failures.push(`job ${j.id}: locality counts do not add up to its ${j.maps} maps`);
  }
  if (!(sum.utilization <= 1 + 1e-9) || !(sum.utilization >= 0)) failures.push(`map utilization ${sum.utilization}`);
  // Fluid model: no link reads over its capacity in any bucket (one-minute buckets at 45 s heartbeats read 1.5), the
  // core's (with a bounded core) included.
  const links = base.network === undefined ? [] : [...base.network.utilization.up, ...base.network.utilization.down].flat();
  const over = links.find((u) => !(u >= 0 && u <= 1 + 1e-9));
  if (over !== undefined) failures.push(`a rack link's utilization ${over} in a bucket of ${base.network!.utilization.bucketMs} ms`);
  const core = base.network?.utilization.core?.find((u) => !(u >= 0 && u <= 1 + 1e-9));
  if (core !== undefined) failures.push(`the core's utilization ${core} in a bucket of ${base.network!.utilization.bucketMs} ms`);
  return failures;
}

/** Each pool set preemptable false (YARN's allowPreemptionFrom) that lost tasks to preemption anyway. */
export function unpreemptableKills(s: Scenario, pools: NonNullable<Result['pools']>): string[] {
  const guarded = new Set(s.scheduler.pools.filter((p) => p.preemptable === false).map((p) => p.name));
  return pools.filter((p) => guarded.has(p.name) && p.killedTasks > 0).map((p) => `pool ${p.name} is not preemptable, yet ${p.killedTasks} of its tasks were killed`);
}

/**
 * The racks' side agrees with the master's: each heartbeat reports as free the slots the master has no task in, once
 * the heartbeat's finished tasks are counted (so no kill or launch was lost or applied twice), no rack still runs a
 * task when every job has finished, and (fluid model) no flow met a cross-rack group link the master's allocation had
 * sized to 0 (the racks' demand missed it). Records the first few disagreements in `out`.
 */
function slotsAgree(s: Scenario, audit: ReturnType<typeof auditor>, out: string[]): RackInspector {
  const note = (what: string) => { if (out.length < 5) out.push(what); };
  return {
    batches(epoch, batches) {
      for (const b of batches) {
        for (let i = 0; i < b.node.length; i++) {
          const node = b.node[i];
          let maps = 0;
          let reduces = 0;
          for (let k = i === 0 ? 0 : b.finishedEnd[i - 1]; k < b.finishedEnd[i]; k++) {
            if (b.finishedJob[k] === COPY_JOB) continue; // a replica copy (fluid model) holds no map or reduce slot
            if (b.finishedTask[k] >= 0) maps++;
            else reduces++;
          }
          const [runningMaps, runningReduces] = audit.runningOn(node);
          const freeMaps = s.cluster.mapSlotsPerNode - (runningMaps - maps);
          const freeReduces = s.cluster.reduceSlotsPerNode - (runningReduces - reduces);
          if (b.freeMaps[i] !== freeMaps || b.freeReduces[i] !== freeReduces) {
            note(`node ${node} at ${b.timeMs[i]} ms (epoch ${epoch}) reports ${b.freeMaps[i]} map and ${b.freeReduces[i]} reduce slots free; the master leaves ${freeMaps} and ${freeReduces}`);
          }
        }
      }
    },
    finished(racks) {
      for (const r of racks) if (r.runningTasks !== 0) note(`rack ${r.rack} still runs ${r.runningTasks} tasks after every job finished`);
      for (const r of racks) if (r.unallocatedStarts !== 0) note(`rack ${r.rack} started ${r.unallocatedStarts} flows on cross-rack group links the master had sized to 0`);
    },
  };
}

/** Jobs the workload submits (a swim trace's rows are not known here: the run's own count). */
function expectedJobs(s: Scenario): number | undefined {
  const w = s.workload;
  if (w.kind === 'jobs') return w.jobs.length;
  if (w.kind === 'generated') return w.groups.reduce((n, g) => n + g.count, 0);
  if (w.kind === 'facebook') return w.jobs;
  return undefined;
}

function both(a: SchedulerObserver, b: SchedulerObserver): SchedulerObserver {
  return {
    launched: (...x) => { a.launched?.(...x); b.launched?.(...x); },
    finished: (...x) => { a.finished?.(...x); b.finished?.(...x); },
    killed: (...x) => { a.killed?.(...x); b.killed?.(...x); },
  };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
