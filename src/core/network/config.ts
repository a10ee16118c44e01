/**
 * The hardware a scenario describes (`cluster.network`): which model times the tasks, and for the fluid model the
 * disks, NICs, rack links and core. Defaults describe the Delay Scheduling paper's EC2 testbed (section 5): 1 Gbps
 * between any two nodes (high bisection bandwidth, so no oversubscription and a non-blocking core), EC2
 * extra-large nodes with four local disks.
 */
import { z } from 'zod';
import { atLeast, atMost, numberField, posInt, timeMs } from '../bounded.js';
import { MAX_BANDWIDTH, MAX_OUTPUT_RATIO, MAX_OVERSUBSCRIPTION, MIN_BANDWIDTH } from '../limits.js';

/**
 * A bandwidth: at least MIN_BANDWIDTH (a slower link makes a block's transfer outlast any simulated time), at most
 * MAX_BANDWIDTH (a faster one loses the MB its flows carry to rounding).
 */
const pos = (what: string) => numberField(what).positive({ error: `${what} must be greater than 0`, abort: true })
  .min(MIN_BANDWIDTH, { ...atLeast(what, MIN_BANDWIDTH), abort: true }).max(MAX_BANDWIDTH, atMost(what, MAX_BANDWIDTH));
/** A map's output per MB of input: 0 up to MAX_OUTPUT_RATIO. */
const ratio = (what: string) => numberField(what).min(0, `${what} must not be negative`).max(MAX_OUTPUT_RATIO, atMost(what, MAX_OUTPUT_RATIO));

export const networkSchema = z.strictObject({
  /** "flat": a non-local map runs tasks.rackLocalSlowdown / offRackSlowdown times longer; "fluid": times emerge from shared bandwidth. */
  model: z.enum(['flat', 'fluid'], { error: 'network.model must be "flat" or "fluid"' }).default('flat'),
  /** Each node's NIC, each direction. */
  nicGbps: pos('nicGbps').default(1),
  /** A rack's uplink and downlink each carry nodesPerRack x nicGbps / oversubscription (1: full bisection). */
  oversubscription: numberField('oversubscription').min(1, 'oversubscription must be at least 1').max(MAX_OVERSUBSCRIPTION, atMost('oversubscription', MAX_OVERSUBSCRIPTION)).default(1),
  /** Total capacity of the core between racks; omitted: non-blocking. */
  coreGbps: pos('coreGbps').optional(),
  /** A node's disks together: sequential read and write (4 disks of about 60 and 50 MB/s, 2009 SATA). */
  diskReadMBps: pos('diskReadMBps').default(240),
  diskWriteMBps: pos('diskWriteMBps').default(200),
  /**
   * The disks those rates come from. An HDFS block lives on one disk, so one read stream gets at most
   * diskReadMBps / disksPerNode (EC2's extra-large nodes had four disks).
   */
  disksPerNode: posInt('disksPerNode', 64).default(4),
  /**
   * Whether Hadoop knows the racks (a topology script). false: the scheduler and HDFS's placement see one rack of
   * every node, as on the paper's EC2 testbed ("topology information is not provided by EC2"), while the
   * hardware keeps its racks, so a map Hadoop calls rack-local may cross the core. Fluid model only.
   */
  rackAware: z.boolean({ error: 'rackAware must be true or false' }).default(true),
  /** Start-up of a task attempt before it reads (a JVM launch in Hadoop 0.20). */
  taskStartMs: timeMs('taskStartMs').int('taskStartMs must be a whole number (simulated time is whole ms)').default(1000),
  /**
   * Hadoop 0.20's job set-up and clean-up tasks, as delays before a job's first task and after its last (any
   * network model; they hold no slot). 0 by default, so that existing results are unchanged.
   */
  jobSetupMs: timeMs('jobSetupMs').int('jobSetupMs must be a whole number (simulated time is whole ms)').default(0),
  jobCleanupMs: timeMs('jobCleanupMs').int('jobCleanupMs must be a whole number (simulated time is whole ms)').default(0),
  /**
   * Facebook-mix maps (workload.kind "facebook"): the rate a map's code consumes its input, by job type; a map
   * computes for input / rate, overlapped with its read. IO-heavy: a grep for a rare pattern, read-bound by the
   * definition of the benchmark (the paper: local tasks ran 2x faster), so faster than one disk (60 MB/s); 100 MB/s
   * is a plain scan of text lines on a 2009 core, and any rate above one disk's times an IO-heavy map alike.
   * CPU-heavy: an expensive function per record (3.6 MB/s: 36 s for a 128 MB block, the flat profile's CPU map).
   * Other workloads give their own task times (see src/core/network/task-io.ts).
   */
  mapCpuMBps: z.strictObject({ io: pos('mapCpuMBps.io').default(100), cpu: pos('mapCpuMBps.cpu').default(3.6) }).prefault({}),
  /** Map output per MB of input, by job type (a grep for a rare pattern writes almost nothing). */
  mapOutputRatio: z.strictObject({ io: ratio('mapOutputRatio.io').default(0.001), cpu: ratio('mapOutputRatio.cpu').default(0.0001) }).prefault({}),
}).superRefine((n, ctx) => {
  if (!n.rackAware && n.model !== 'fluid') ctx.addIssue({ code: 'custom', path: ['rackAware'], message: 'rackAware false needs model "fluid" (the flat model times maps by the locality the scheduler sees)' });
});

export type NetworkConfig = z.infer<typeof networkSchema>;

/** Every network field's default (the flat model; the optional fields, coreGbps say, absent). */
export const NETWORK_DEFAULTS: NetworkConfig = networkSchema.parse({});

/**
 * The fields only the fluid model reads: the flat model ignores them (jobSetupMs and jobCleanupMs hold under both;
 * rackAware false is refused above; nicGbps also times a replication policy's copies under flat: scheduler.ts).
 */
export const FLUID_ONLY_FIELDS: ReadonlyArray<keyof NetworkConfig> = ['nicGbps', 'oversubscription', 'coreGbps', 'diskReadMBps', 'diskWriteMBps', 'disksPerNode', 'taskStartMs', 'mapCpuMBps', 'mapOutputRatio'];

export { gbpsToMBps } from './units.js';
