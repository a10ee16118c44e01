/**
 * An audit of the capacity scheduler's user limit (src/core/policies/capacity.ts; README, "Pools, preemption,
 * capacity"): at each launch under capacity, the launching user's running tasks of the slot's kind in the job's queue,
 * the launch counted, are at most the limit the state at that decision gives:
 *
 *     guaranteed = max(1, ceil(C)); current = r < guaranteed ? guaranteed : r + 1
 *     limit = max(ceil(current / active), ceil(current x minUserLimitPercent / 100)), at most ceil(guaranteed x userLimitFactor)
 *
 * where C is the queue's capacity in slots of the kind, r its running tasks of the kind and active the users of the
 * queue with a runnable job that has a task of the kind to launch (YARN's active users). The state is rebuilt here
 * from the master's launches, finishes and kills and the workload's job specs, not read from the scheduler.
 *
 * What the audit cannot see is whether a job is runnable where job limits apply (userMaxJobsDefault, users' or pools'
 * maxRunningJobs): there a job counts as surely runnable only while it has a task running (the runnable set keeps
 * such a job), and a user as surely active only through such a job; the limit is checked with the sure active users,
 * the largest it can be, so the check never fails a correct run and is exact where every active user is sure (without
 * job limits, always). Reduces are checked only without copy-compute splitting (there a reduce in its copy phase
 * counts as demand without a task to launch, decided by the core's own clock).
 *
 * It checks one side of the limit only: a launch past it. A scheduler that holds a user below its limit (counting
 * waiting users as active, say, which halved a lone user's limit once) passes: that needs which slots were free at
 * each heartbeat, which the hooks here do not give.
 */
import { makeRng } from '../../src/core/rng.js';
import type { Scenario } from '../../src/core/scenario.js';
import type { SchedulerObserver } from '../../src/core/scheduler.js';
import { queueTreeOf } from '../../src/core/queue-tree.js';
import { makeTopology, schedulerView } from '../../src/core/topology.js';
import { type JobSpec, planWorkload } from '../../src/core/workload.js';
import type { SwimTrace } from '../../src/core/swim.js';

interface JobState {
  spec: JobSpec;
  user: string;
  maps: number;
  slowStartMaps: number;
  runningMaps: number;
  runningReduces: number;
  finishedMaps: number;
  finishedReduces: number;
}

export interface UserLimitAudit {
  observer: SchedulerObserver;
  /** The launches past the user limit (the first few). */
  failures(): string[];
  /**
   * Launches checked, of them those where every active user was sure (the check exact), and those that took the user
   * to its limit exactly (one more would have failed: the limit bound).
   */
  readonly checked: number;
  readonly exact: number;
  readonly atLimit: number;
}

/** The limit for a queue's user (capacity.ts): `capacity` and `running` in slots of one kind, `active` users. */
export function userLimit(capacity: number, running: number, active: number, minUserLimitPercent: number, userLimitFactor: number | undefined): number {
  const guaranteed = Math.max(1, Math.ceil(capacity));
  const current = running < guaranteed ? guaranteed : running + 1;
  const share = Math.max(Math.ceil(current / Math.max(1, active)), Math.ceil((current * minUserLimitPercent) / 100));
  return userLimitFactor === undefined ? share : Math.min(share, Math.ceil(guaranteed * userLimitFactor));
}

export function userLimitAudit(s: Scenario, trace?: SwimTrace): UserLimitAudit {
  const sc = s.scheduler;
  const applies = sc.policy === 'capacity';
  const out: string[] = [];
  let checked = 0;
  let exact = 0;
  let atLimit = 0;
  if (!applies) return { observer: {}, failures: () => out, checked, exact, atLimit };
  const nodes = s.cluster.racks * s.cluster.nodesPerRack;
  const slots = { map: nodes * s.cluster.mapSlotsPerNode, reduce: nodes * s.cluster.reduceSlotsPerNode };
  const tree = queueTreeOf(sc);
  const setupMs = s.cluster.network.jobSetupMs;
  const { jobs: specs } = planWorkload(s, schedulerView(makeTopology(s.cluster, s.seed), s.cluster.network.rackAware), makeRng(s.seed), trace);
  const jobs: JobState[] = specs.map((spec) => ({
    spec, user: spec.user ?? spec.pool, maps: spec.blocks.length, slowStartMaps: Math.ceil(s.tasks.slowStart * spec.blocks.length),
    runningMaps: 0, runningReduces: 0, finishedMaps: 0, finishedReduces: 0,
  }));
  const byQueue = new Map<string, JobState[]>();
  for (const j of jobs) {
    const list = byQueue.get(j.spec.pool);
    if (list === undefined) byQueue.set(j.spec.pool, [j]);
    else list.push(j);
  }
  // Without a job limit every job that has arrived and not finished is runnable.
  const limited = sc.userMaxJobsDefault !== undefined || sc.poolMaxJobsDefault !== undefined || sc.users.length > 0
    || sc.pools.some((p) => p.maxRunningJobs !== undefined) || sc.parentPools.some((p) => p.maxRunningJobs !== undefined);
  const done = (j: JobState) => j.finishedMaps === j.maps && j.finishedReduces === j.spec.reduces;
  const wants = (j: JobState, map: boolean) => (map
    ? j.maps - j.finishedMaps > j.runningMaps
    : j.finishedMaps >= j.slowStartMaps && j.spec.reduces - j.finishedReduces > j.runningReduces);

  const check = (now: number, job: JobState, map: boolean): void => {
    const queue = byQueue.get(job.spec.pool)!;
    const q = tree.config(job.spec.pool);
    let running = 0;
    let mine = 0;
    const sure = new Set<string>();
    const maybe = new Set<string>();
    for (const j of queue) {
      const r = map ? j.runningMaps : j.runningReduces;
      running += r;
      if (j.user === job.user) mine += r;
      if (j.spec.submitMs + setupMs > now || done(j) || !wants(j, map)) continue;
      maybe.add(j.user);
      if (!limited || j.runningMaps + j.runningReduces > 0) sure.add(j.user);
    }
    sure.add(job.user); // it launches a task of the kind: it has one to launch, and its job is runnable
    maybe.add(job.user);
    checked++;
    if (sure.size === maybe.size) exact++;
    const capacity = tree.capacitySlots(job.spec.pool, map ? slots.map : slots.reduce);
    const limit = userLimit(capacity, running, sure.size, q.minUserLimitPercent, q.userLimitFactor);
    if (mine + 1 === limit) atLimit++;
    if (mine + 1 > limit && out.length < 3) {
      out.push(`at ${now} ms user ${job.user} launched a ${map ? 'map' : 'reduce'} of ${job.spec.id} in queue ${job.spec.pool} to run ${mine + 1}, over its limit of ${limit} `
        + `(capacity ${capacity} slots, ${running} running, ${sure.size} active users, minUserLimitPercent ${q.minUserLimitPercent}, userLimitFactor ${q.userLimitFactor ?? 'none'})`);
    }
  };

  const observer: SchedulerObserver = {
    launched(now, _node, job, task) {
      const j = jobs[job];
      if (j === undefined) return;
      const map = task >= 0;
      if (map || !sc.copyComputeSplit) check(now, j, map);
      if (map) j.runningMaps++;
      else j.runningReduces++;
    },
    finished(_now, _node, job, task) {
      const j = jobs[job];
      if (j === undefined) return;
      if (task >= 0) { j.runningMaps--; j.finishedMaps++; } else { j.runningReduces--; j.finishedReduces++; }
    },
    killed(_now, _node, job, task) {
      const j = jobs[job];
      if (j === undefined) return;
      if (task >= 0) j.runningMaps--;
      else j.runningReduces--;
    },
  };
  return { observer, failures: () => out, get checked() { return checked; }, get exact() { return exact; }, get atLimit() { return atLimit; } };
}
