/**
 * Scheduler configuration files a scenario names, relative to its own file: scheduler.allocationFile (Fair
 * Scheduler: MR1 fair-scheduler.xml or a YARN allocation file) and scheduler.capacitySchedulerFile (YARN's
 * capacity-scheduler.xml). Each is read and merged under the scenario's own scheduler fields: a field the scenario
 * sets wins, and a pool, user or queue the scenario lists replaces the file's entry of the same name.
 */
import { dirname, isAbsolute, join } from 'node:path';
import { readAllocationFile } from './allocation.js';
import { readCapacityFile } from './capacity-file.js';
import { namedBy } from './errors.js';
import { warnOnce } from './warn.js';
import { ownsPoolShares, policies } from '../core/framework/builtins.js';
import { type Scenario, clusterSlots } from '../core/scenario.js';
import { type ScenarioIssue, rewritten } from '../core/field-unread.js';

export function applySchedulerFiles(raw: Record<string, unknown>, scenarioFile: string): Record<string, unknown> {
  const scheduler = raw.scheduler;
  if (typeof scheduler !== 'object' || scheduler === null || Array.isArray(scheduler)) return raw;
  const s = scheduler as Record<string, unknown>;
  // Only the policies that read a file have it read; under the others the schema refuses it, saying so. An
  // allocation file is every pool-aware policy's (a plugin registered with usesPools too: its file was not read, silently).
  const poolAware = typeof s.policy === 'string' && policies.get(s.policy)?.usesPools === true;
  const allocationFile = poolAware ? schedulerFilePath(s.allocationFile, scenarioFile) : undefined;
  const capacityFile = s.policy === 'capacity' ? schedulerFilePath(s.capacitySchedulerFile, scenarioFile) : undefined;
  if (allocationFile === undefined && capacityFile === undefined) return raw;
  let merged: Record<string, unknown> = { ...s };
  const cluster = clusterSlots(raw.cluster); // parsed once for both files
  if (allocationFile !== undefined) {
    // A percentage (maxResources "50%") is a share of the cluster's slots: this scenario's, variant and --set applied.
    const { warnings, minShareWarnings, ...alloc } = namedBy(scenarioFile, 'scheduler.allocationFile', () => readAllocationFile(allocationFile, cluster));
    for (const w of warnings ?? []) warnOnce(w);
    // Under capacity (a policy that owns the pools' shares) no pool has a min share: a min lowered to the cap would
    // tell of a share the run never has.
    const owns = ownsPoolShares(s.policy);
    if (!owns) for (const w of minShareWarnings ?? []) warnOnce(w);
    // Under capacity a pool's caps are not read (the queues' maxCapacity rules), nor their defaults: the schema refuses
    // them there, and queueMaxResourcesDefault is dropped (the file's queues given it are told, warnFileIgnores).
    if (owns) {
      delete alloc.poolMaxMapsDefault;
      delete alloc.poolMaxReducesDefault;
    }
    merged = { ...withoutUndefined(alloc), ...merged, pools: mergeByName(alloc.pools, s.pools), users: mergeByName(alloc.users, s.users) };
    if (alloc.parentPools !== undefined) merged.parentPools = mergeByName(alloc.parentPools, s.parentPools);
  }
  if (capacityFile !== undefined) {
    const { warnings, ...capacity } = namedBy(scenarioFile, 'scheduler.capacitySchedulerFile', () => readCapacityFile(capacityFile));
    for (const w of warnings ?? []) warnOnce(w);
    // YARN waits at most one missed opportunity a node: min(nodes, node-locality-delay) (getActualNodeLocalityDelay).
    if (capacity.delay?.mode === 'skip' && !('invalid' in cluster)) capacity.delay = { mode: 'skip', maxSkips: Math.min(cluster.nodes, capacity.delay.maxSkips) };
    merged = { ...withoutUndefined(capacity), ...merged, queues: mergeByName(capacity.queues, s.queues) };
    if (capacity.parentQueues !== undefined) merged.parentQueues = mergeByName(capacity.parentQueues, s.parentQueues);
  }
  return { ...raw, scheduler: merged };
}

/**
 * Issues in the merged scheduler named by the scenario's own index: mergeByName puts the file's entries first and the
 * scenario's after them, in their order, so the scenario's pools[0] was reported as pools[3] behind three of the file's.
 * An error in one of the file's entries keeps the merged index.
 */
export function issuesAtScenarioIndex(issues: ScenarioIssue[], raw: Record<string, unknown>, merged: Record<string, unknown>): ScenarioIssue[] {
  const own = raw.scheduler as Record<string, unknown> | undefined;
  const all = merged.scheduler as Record<string, unknown> | undefined;
  if (own === all || typeof own !== 'object' || own === null || typeof all !== 'object' || all === null) return issues;
  let out = issues;
  for (const field of ['pools', 'users', 'parentPools', 'queues', 'parentQueues']) {
    const mine = own[field];
    const list = all[field];
    if (!Array.isArray(mine) || !Array.isArray(list) || list === mine) continue;
    const offset = list.length - mine.length;
    const at = new RegExp(`^scheduler\\.${field}\\[(\\d+)\\]`);
    out = out.map((issue) => rewritten(issue, (e) => e.replace(at, (whole, k: string) => (Number(k) >= offset ? `scheduler.${field}[${Number(k) - offset}]` : whole))));
  }
  return out;
}

/** A file the scheduler names, relative to the scenario file's folder, joined to its path as given (errors name the file as the user would). */
export function schedulerFilePath(name: unknown, scenarioFile: string): string | undefined {
  // a path holding a NUL is not read: the schema refuses it, naming the field (bounded.ts pathField)
  return typeof name === 'string' && name !== '' && !name.includes('\0') ? (isAbsolute(name) ? name : join(dirname(scenarioFile), name)) : undefined;
}

/**
 * The entries of a pool list (pools, parentPools) the scenario itself writes, before a scheduler file's are merged in:
 * what tells a value the user wrote from one the file gave. An entry may be anything the user wrote (null, a number).
 */
export function ownEntries(raw: Record<string, unknown>, field: 'pools' | 'parentPools'): ReadonlyArray<{ name?: unknown; [key: string]: unknown } | null | undefined> {
  const own = (raw.scheduler as Record<string, unknown> | undefined)?.[field];
  return Array.isArray(own) ? own : [];
}

/**
 * A pool or parent pool that sets no maxMaps (maxReduces) has the scheduler's poolMaxMapsDefault (poolMaxReducesDefault),
 * which an allocation file's queueMaxResourcesDefault sets (YARN: every queue that sets no maxResources has the
 * default), and the pool set lowers a min share above it to it (pools.ts), as YARN runs such a queue (its fair share
 * is capped by its max): told here, for each pool the scenario lists and each the file lists (an MR1 pool: the file's
 * YARN queues are given the default as read, and told there).
 */
export function warnMinsAboveMaxDefault(raw: Record<string, unknown>, scenario: Scenario, scenarioFile: string): void {
  const s = scenario.scheduler;
  if (s.poolMaxMapsDefault === undefined && s.poolMaxReducesDefault === undefined) return;
  const own = raw.scheduler as Record<string, unknown> | undefined;
  const file = schedulerFilePath(s.allocationFile, scenarioFile);
  for (const field of ['pools', 'parentPools'] as const) {
    const index = new Map(ownEntries(raw, field).map((p, i) => [p?.name, i]));
    for (const p of s[field]) {
      for (const [min, max, kind, cap] of [['minMaps', 'maxMaps', 'maps', s.poolMaxMapsDefault], ['minReduces', 'maxReduces', 'reduces', s.poolMaxReducesDefault]] as const) {
        if (cap === undefined || p[max] !== undefined || p[min] <= cap) continue;
        const defaultField = max === 'maxMaps' ? 'poolMaxMapsDefault' : 'poolMaxReducesDefault';
        const source = typeof own?.[defaultField] === 'number' || file === undefined ? `scheduler.${defaultField} (${cap})` : `${file}'s queueMaxResourcesDefault (${cap} ${kind})`;
        const i = index.get(p.name);
        const at = i !== undefined ? `${scenarioFile}: scheduler.${field}[${i}].${min} ${p[min]}` : `${file ?? scenarioFile}: pool "${p.name}": ${min} ${p[min]}`;
        warnOnce(`${at} is above ${source}, its ${max}, as the pool sets none: run, as YARN runs it, with its min share lowered to ${cap}`);
      }
    }
  }
}

/**
 * The file's entries, each replaced by the scenario's of the same name; a replacing entry keeps the file's entry's
 * place in the tree (its `parent`) unless it sets one itself, so overriding a queue's weight does not move it to root.
 * A scenario's value that is not a list is kept, for the schema to refuse: it was dropped, and the file's entries ran
 * alone (`--set scheduler.pools.0.minMaps=3`, where only the file lists pools, made an object and changed nothing).
 */
function mergeByName(fromFile: Array<{ name: string; parent?: string }>, fromScenario: unknown): unknown {
  if (fromScenario === undefined) return fromFile;
  if (!Array.isArray(fromScenario)) return fromScenario;
  const byName = new Map(fromFile.map((x) => [x.name, x]));
  const named = new Set<unknown>();
  const mine = fromScenario.map((x) => {
    if (typeof x !== 'object' || x === null) return x;
    const name = (x as { name?: unknown }).name;
    named.add(name);
    const file = typeof name === 'string' ? byName.get(name) : undefined;
    return file?.parent === undefined || 'parent' in x ? x : { ...x, parent: file.parent };
  });
  return [...fromFile.filter((x) => !named.has(x.name)), ...mine];
}

function withoutUndefined(o: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
