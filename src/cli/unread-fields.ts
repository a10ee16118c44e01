/**
 * Fields a scenario writes whose value is read only under another setting it has switched off: each ran silently
 * as if left out (the run's digest was that of the scenario without it). Told on stderr, one line each, naming the
 * field and why it changes nothing; not refused, as a sweep or a variant may switch the other setting on.
 * - cluster.network.mapCpuMBps (fluid model): only the facebook workload's maps compute at it (task-io.ts), and of
 *   it only the rates of the job types the workload has; mapOutputRatio likewise, for any workload. Under the flat
 *   model warnFlatIgnores tells of both. A rate written at its default says no more than leaving it out: not told.
 * - cluster.network.oversubscription, coreGbps and rackAware false (fluid model) on one rack: no flow leaves the rack,
 *   so no uplink, downlink or core carries any, and Hadoop sees the one rack with or without a topology script
 *   (topology.ts schedulerView). coreGbps adds the core's series to the result, zeros.
 * - workload.poolCount (swim): only pools "round-robin" reads it (swim.ts); at its default (a result's config echoes it) not told.
 * - hdfs.maxReplicas: it bounds a replication policy's copies, and without scheduler.replication, or under one that
 *   adds no replicas ("static"), there are none.
 * - scheduler.jobTypeRule: it lets CPU-bound jobs past the locality gate's wait, so it changes nothing with no gate
 *   (delay mode "none") or no CPU-bound job.
 * - scheduler.policyConfig fields that another field of it switches off: offers' `inner` orders a pool framework's
 *   jobs (nothing with jobs as frameworks), Quincy's `killCost` and `runningBonusPerSecond` price kills (nothing with
 *   `kills` false).
 * - a job's or group's reduceMs and copyMs (jobs and generated workloads): they time its reduces, and with reduces 0
 *   (the default) it has none. One line a workload, naming the first such and how many more, not one a job; a time
 *   at its default is not told.
 * - scheduler.copyComputeSplit true (jobs and generated workloads): it admits reduces' copy phases apart from their
 *   compute, and with every job's reduces 0 there are none (the outcome is that of false).
 */
import type { Scenario, Workload } from '../core/scenario.js';
import { JOB_TYPES, type JobType, REDUCE_TIME_DEFAULTS, SWIM_POOL_COUNT_DEFAULT } from '../core/workload-schema.js';
import { NETWORK_DEFAULTS } from '../core/network/config.js';
import { addsReplicas } from '../core/replication/adds-replicas.js';
import { warnOnce } from './warn.js';

/** The fields of a job or group that time its reduces. */
const REDUCE_TIMES = ['reduceMs', 'copyMs'] as const;

/** The job types a workload's jobs have (a mixed facebook workload: both). */
export function workloadTypes(w: Workload): ReadonlySet<JobType> {
  switch (w.kind) {
    case 'facebook': return new Set(w.type === 'mixed' ? JOB_TYPES : [w.type]);
    case 'jobs': return new Set(w.jobs.map((j) => j.type));
    case 'generated': return new Set(w.groups.map((g) => g.type));
    default: return new Set([w.type]);
  }
}

/** The workload's types in words: `workload.type is "io"`, or `every job's type is "io"`. */
function typesInWords(w: Workload, types: ReadonlySet<JobType>): string {
  const shown = [...types].map((t) => `"${t}"`).join(', ');
  if (w.kind === 'jobs') return `every job's type is ${shown}`;
  if (w.kind === 'generated') return `every group's type is ${shown}`;
  return `workload.type is "${w.type}"`;
}

const written = (raw: unknown, ...path: string[]): unknown => {
  let at = raw;
  for (const key of path) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at ?? undefined;
};

export function warnUnreadFields(raw: Record<string, unknown>, scenario: Scenario, file: string): void {
  const say = (fields: string[], why: string): void => {
    if (fields.length > 0) warnOnce(`${file}: ${fields.join(', ')}: ${fields.length === 1 ? 'changes nothing' : 'change nothing'} here: ${why}`);
  };
  const w = scenario.workload;
  const types = workloadTypes(w);
  if (scenario.cluster.network.model === 'fluid') {
    const rates = (field: 'mapCpuMBps' | 'mapOutputRatio', read: (t: JobType) => boolean): string[] =>
      JOB_TYPES.filter((t) => !read(t)).filter((t) => {
        const v = written(raw, 'cluster', 'network', field, t);
        return v !== undefined && v !== NETWORK_DEFAULTS[field][t];
      }).map((t, i) => (i === 0 ? `cluster.network.${field}.${t}` : t)); // "cluster.network.mapCpuMBps.io, cpu", as warnFlatIgnores names several
    if (w.kind !== 'facebook') {
      say(rates('mapCpuMBps', () => false), `only the facebook workload's maps compute at mapCpuMBps; this workload is "${w.kind}", whose maps take the times it gives`);
    } else {
      say(rates('mapCpuMBps', (t) => types.has(t)), `no job of this workload has that type (${typesInWords(w, types)})`);
    }
    say(rates('mapOutputRatio', (t) => types.has(t)), `no job of this workload has that type (${typesInWords(w, types)})`);
    if (scenario.cluster.racks === 1) {
      const n = scenario.cluster.network;
      const links = [
        ...(n.oversubscription !== NETWORK_DEFAULTS.oversubscription ? ['oversubscription'] : []),
        ...(n.coreGbps !== undefined ? ['coreGbps'] : []),
        ...(n.rackAware ? [] : ['rackAware']),
      ].map((f, i) => (i === 0 ? `cluster.network.${f}` : f));
      say(links, 'cluster.racks is 1, so nothing crosses a rack\'s uplink or downlink or the core between racks, and Hadoop sees one rack with or without a topology script');
    }
  }
  if (w.kind === 'swim' && w.pools !== 'round-robin' && written(raw, 'workload', 'poolCount') !== undefined && w.poolCount !== SWIM_POOL_COUNT_DEFAULT) {
    say(['workload.poolCount'], `only pools "round-robin" reads it (user0 .. user{poolCount-1}), and workload.pools is "${w.pools}"`);
  }
  if (!addsReplicas(scenario) && written(raw, 'hdfs', 'maxReplicas') !== undefined) {
    const none = scenario.scheduler.replication === undefined ? 'scheduler.replication names none' : `scheduler.replication's policy "${scenario.scheduler.replication.policy}" makes none`;
    say(['hdfs.maxReplicas'], `it bounds the copies a replication policy makes, and ${none} (each block keeps hdfs.replication replicas)`);
  }
  const s = scenario.scheduler;
  if (s.jobTypeRule && written(raw, 'scheduler', 'jobTypeRule') !== undefined) {
    if (s.delay.mode === 'none') say(['scheduler.jobTypeRule'], 'it lets CPU-bound jobs launch rack-local without the locality gate\'s wait, and scheduler.delay.mode is "none" (no job waits)');
    else if (!types.has('cpu')) say(['scheduler.jobTypeRule'], `it lets CPU-bound jobs launch rack-local without the locality gate's wait, and no job is CPU-bound (${typesInWords(w, types)})`);
  }
  if (w.kind === 'jobs' || w.kind === 'generated') {
    const list = w.kind === 'jobs' ? 'jobs' : 'groups';
    const noun = w.kind === 'jobs' ? 'job' : 'group';
    const rows = (w.kind === 'jobs' ? w.jobs : w.groups) as ReadonlyArray<{ reduces: number; reduceMs: number; copyMs: number }>;
    // A time written at its default (a result's config echoes them) says no more than leaving it out: not told.
    const unread = rows.map((row, i) => (row.reduces > 0 ? [] : REDUCE_TIMES.filter((f) => written(raw, 'workload', list, String(i), f) !== undefined && row[f] !== REDUCE_TIME_DEFAULTS[f])).map((f, k) => (k === 0 ? `workload.${list}[${i}].${f}` : f)));
    const [first, ...more] = unread.filter((fields) => fields.length > 0);
    if (first !== undefined) {
      const others = more.length === 0 ? [] : [`and the like in ${more.length} more ${noun}${more.length === 1 ? '' : 's'}`];
      say([...first, ...others], `reduceMs and copyMs time reduces, and ${more.length === 0 ? `that ${noun} has` : `those ${noun}s have`} reduces 0 (the default when left out)`);
    }
    if (s.copyComputeSplit && rows.every((row) => row.reduces === 0)) {
      say(['scheduler.copyComputeSplit'], `it admits reduces' copy phases outside the reduce slots, and no ${noun} of this workload has reduces (reduces 0, the default when left out)`);
    }
  }
  const config = s.policyConfig as Record<string, unknown>;
  const inConfig = (field: string): boolean => written(raw, 'scheduler', 'policyConfig', field) !== undefined;
  const named = (fields: string[]): string[] => fields.map((f, i) => (i === 0 ? `scheduler.policyConfig.${f}` : f));
  if (s.policy === 'offers' && config.frameworks === 'job' && inConfig('inner')) {
    say(named(['inner']), 'it orders a pool framework\'s jobs, and frameworks is "job" (each job its own framework)');
  } else if (s.policy === 'quincy' && config.kills === false) {
    const pricing = ['killCost', 'runningBonusPerSecond'].filter(inConfig);
    say(named(pricing), `${pricing.length === 1 ? 'it prices' : 'they price'} kills, and kills is false`);
  }
}
