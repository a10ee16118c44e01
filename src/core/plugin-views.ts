/**
 * What a user's plugin is handed, as read-only views of the engine's own objects: the topology (a frozen copy), the
 * blocks' replicas (their read methods only) and HDFS as a replication round sees it (reads, and changes only through
 * addReplica and removeReplica). A write throws, as on the frozen jobs and pools, instead of changing the run
 * silently. Built-in plugins get the objects themselves (plugins.ts), so the engine pays nothing for these.
 */
import type { BlockReader } from './hdfs.js';
import type { Preemption } from './framework/preemption.js';
import { type PoolSet, type ShareDivision, poolsViewed } from './pools.js';
import { valueKind } from './shown-value.js';
import type { ReplicaHdfs, ReplicationPolicy } from './framework/replication.js';
import type { RunningTaskReader } from './running-tasks.js';
import type { Topology } from './topology.js';

/** A frozen copy of the topology (its heartbeat phases copied: a typed array cannot be frozen). */
export function topologyView(topology: Topology): Topology {
  return Object.freeze({ ...topology, phaseMs: topology.phaseMs.slice() });
}

/** The replicas' read methods, over the live store (a replica added or removed in the run shows at once). */
export function blockReaderView(blocks: BlockReader): BlockReader {
  const view: BlockReader = {
    get replication() { return blocks.replication; },
    get stride() { return blocks.stride; },
    get blocks() { return blocks.blocks; },
    replicaCount: (block) => blocks.replicaCount(block),
    replica: (block, i) => blocks.replica(block, i),
    holds: (block, node) => blocks.holds(block, node),
  };
  return Object.freeze(view);
}

/**
 * The PoolSet methods that read the pools. The others change them (add, remove, update, refreshStats, changed,
 * and the class's helpers, private to TypeScript only): the engine's to call (a preemption's pools.remove(job) ran
 * on, silently). divideSharesBy, which sets how the fair shares are divided once before the run, is the policy's,
 * in its create() only (mayDivide).
 */
const POOL_READS: ReadonlySet<PropertyKey> = new Set(['poolOf', 'pool', 'isRunnable', 'starvedPastTimeout']);

/**
 * The pools as a user's plugin reads them: the PoolSet itself (frozen, its lists frozen copies) behind a view whose
 * methods that change the pools throw, and whose reading methods run on the pools (their private state).
 * `mayDivide`: whether divideSharesBy may be called now (while the run's policy is made); `divider`: the policy, as the
 * division's errors name it.
 */
export function poolSetView(set: PoolSet, mayDivide: () => boolean = () => false, divider?: string): PoolSet {
  const bound = new Map<PropertyKey, unknown>();
  return poolsViewed(new Proxy(set, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function' || Object.hasOwn(target, key) || key in Object.prototype) return value;
      const refusal = key === 'divideSharesBy'
        ? (mayDivide() ? undefined : 'the pools\' divideSharesBy() sets how their fair shares are divided, once, before the run: a pool-aware policy calls it in its create(), and no other plugin or time may')
        : (POOL_READS.has(key) ? undefined : `the pools' ${String(key)}() changes them and is the engine's to call: a plugin reads the pools and cannot change them`);
      if (refusal !== undefined) return () => { throw new TypeError(refusal); };
      // Kept unchecked until the first share update, another kind of division failed as "this[#division] is not a function".
      if (key === 'divideSharesBy') return (division: unknown) => (typeof division === 'function' ? set.divideSharesBy(division as ShareDivision, divider) : refuseDivision(division));
      if (!bound.has(key)) bound.set(key, (value as (...args: unknown[]) => unknown).bind(target));
      return bound.get(key);
    },
  }), set);
}

function refuseDivision(division: unknown): never {
  throw new TypeError(`the pools' divideSharesBy(division) takes a function (pools, kind, slots) giving each pool its share of the slots, not ${valueKind(division)}`);
}

/** HDFS as a round sees it, with changes only through addReplica and removeReplica (which check their arguments). */
function replicaHdfsView(hdfs: ReplicaHdfs): ReplicaHdfs {
  const files = Object.freeze(hdfs.files.map((file) => file.slice()));
  const blocks = blockReaderView(hdfs.blocks);
  return Object.freeze({
    get nowMs() { return hdfs.nowMs; },
    blocks,
    files,
    defaultReplication: hdfs.defaultReplication,
    maxReplicas: hdfs.maxReplicas,
    copying: (block) => hdfs.copying(block),
    copyingTo: (block, node) => hdfs.copyingTo(block, node),
    addReplica: (block, node) => hdfs.addReplica(block, node),
    removeReplica: (block, node) => hdfs.removeReplica(block, node),
  } satisfies ReplicaHdfs);
}

/** A user's replication policy whose rounds get the view of HDFS above (made at its first round, kept for the run). */
export function withHdfsView(policy: ReplicationPolicy): ReplicationPolicy {
  let seen: ReplicaHdfs | undefined;
  let view: ReplicaHdfs | undefined;
  const round = policy.round;
  return {
    blockRead: (job, block, node, locality, nowMs, waitedMs) => policy.blockRead(job, block, node, locality, nowMs, waitedMs),
    get nextRoundMs() { return policy.nextRoundMs; },
    round: round === undefined ? undefined : (hdfs) => {
      if (seen !== hdfs) view = replicaHdfsView((seen = hdfs));
      round.call(policy, view!);
    },
    counts: policy.counts === undefined ? undefined : () => policy.counts!(),
  };
}

/**
 * A user's preemption, whose checks get the running tasks' read methods only (not the engine's launch records), and
 * the pools as poolSetView shows them (`pools`: the view a plugin's context has, one for the run).
 */
export function withRunningView(preemption: Preemption, pools: PoolSet): Preemption {
  let seen: RunningTaskReader | undefined;
  let view: RunningTaskReader | undefined;
  return {
    victims: (_pools, kind, nowMs, running) => {
      if (seen !== running) {
        const r = (seen = running);
        view = Object.freeze({
          mapNode: (job, map) => r.mapNode(job, map),
          mapStartMs: (job, map) => r.mapStartMs(job, map),
          mapEndMs: (job, map) => r.mapEndMs(job, map),
          reduceNode: (job, reduce) => r.reduceNode(job, reduce),
        } satisfies RunningTaskReader);
      }
      return preemption.victims(pools, kind, nowMs, view!);
    },
  };
}
