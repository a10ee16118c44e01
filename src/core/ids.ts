/**
 * Branded ids: a node, a rack, a job and a heartbeat rank are all small integers, and the type system keeps them
 * apart (a rank passed where a node id belongs is a compile error). At run time each is a plain number: the
 * constructors below are casts. Typed arrays store them as numbers; a value read back from one is named again where
 * it re-enters a typed signature: with the constructors in set-up code, tests and plugins, and with `as` casts in the
 * per-task and per-heartbeat loops (a cast is nothing at run time; a call is free only once V8 has optimized and
 * inlined it, and spends the caller's inlining budget).
 */
type Branded<B extends string> = number & { readonly __brand: B };

/** A node (TaskTracker), dense from 0: rack r holds nodes r * nodesPerRack .. (r + 1) * nodesPerRack - 1. */
export type NodeId = Branded<'NodeId'>;
/** A rack, dense from 0. */
export type RackId = Branded<'RackId'>;
/** A job: its index in the workload's submission order (JobSpec.index), dense from 0. */
export type JobIndex = Branded<'JobIndex'>;
/** A node's position in the epoch's heartbeat order (topology.ts's HeartbeatOrder). */
export type Rank = Branded<'Rank'>;

export const nodeId = (n: number): NodeId => n as NodeId;
export const rackId = (r: number): RackId => r as RackId;
export const jobIndex = (j: number): JobIndex => j as JobIndex;
export const heartbeatRank = (r: number): Rank => r as Rank;
