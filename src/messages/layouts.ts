/**
 * Named row and column layouts of the message builders and their readers, declared once: the writer and the
 * reader of each buffer index it through the same names. `const enum`s, so tsc writes the offsets in as numbers
 * (the hot loops read no object). `Width` is the number of fields of a row.
 */

/** A ResponseRouter launch row (Int32, in decision order). Node .. WriteKB go to the batch's columns; MapsDone to its flag column. */
export const enum LaunchRow { Node, Job, Task, Src, ReadKB, WriteKB, MapsDone, Width }
/** Launch fields copied into the batch's Int32 columns: Node .. WriteKB. */
export const LAUNCH_COLUMNS = 6;
/** A launch's Float64 row beside its Int32 row (a duration times a slowdown and a jitter can pass 2^31 ms). */
export const enum DurationRow { Ms, CopyMs, Width }
/**
 * A map-progress notice's row: the job's finished maps, those that ran on the node's rack, those that ran on the node
 * itself, and its maps (fluid model: a reduce fetches the outputs of the maps finished so far; all finished is the
 * maps-done notice). A flat run's maps-done notice (ActionSink.mapsDone) writes 0, 0, 0, 0.
 */
export const enum DoneRow { Node, Job, Finished, InRack, OnNode, Maps, Width }
/** A kill's row. */
export const enum KillRow { Node, Job, Task, Width }

/**
 * The Int32 columns a ResponseRouter's take() fills and its batches view: a launch's first LAUNCH_COLUMNS row fields,
 * then a notice's and a kill's whole rows, each in row order (so column `first + f` holds row field f).
 */
export const enum ResponseColumn {
  LaunchNode, LaunchJob, LaunchTask, LaunchSrc, LaunchReadKB, LaunchWriteKB,
  DoneNode, DoneJob, DoneFinished, DoneInRack, DoneOnNode, DoneMaps,
  KillNode, KillJob, KillTask,
  Count,
}

/**
 * The master's rank-ordered copy of an epoch's heartbeats (MasterActor.rows, Int32, one row per rank): the batch
 * it came in (-1: the node did not report), its time less the epoch's start, free map and reduce slots, and its
 * finished tasks [From, To) in the batch's finished columns.
 */
export const enum HeartbeatRow { Batch, Offset, FreeMaps, FreeReduces, From, To, Width }
