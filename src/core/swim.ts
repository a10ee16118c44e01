/**
 * SWIM trace replay (Chen et al., SWIMProjectUCB/SWIM): turns a trace's rows (submit time, map input, shuffle and
 * reduce output bytes) into jobs. Pure: the rows are read by src/cli/trace.ts and passed in.
 *
 * The model, per job (every constant is a workload field; defaults calibrated to the Delay Scheduling paper's
 * Facebook medians, map task 19 s and reduce task 231 s):
 * - Bytes are scaled by (simulated nodes / tracedNodes), as SWIM's replay does; SWIM's minima then apply: at least
 *   64 MB of input (one block of SWIM's clusters, whatever hdfs.blockMB), and at least 1 KB of shuffle and of output.
 * - maps = ceil(input / block size): one map per HDFS block (hdfs.blockMB). The input file's blocks are placed by
 *   HDFS's default policy when the job is built: a file of its own (named by the job id), or, for the rows of a
 *   `withInputPaths` trace that name an input path (and inputPaths "shared"), the path's one file, whose size is the
 *   largest input any replayed row of that path reads (the traced table: rows of one path read different byte counts,
 *   a query reading some partitions of it). A row reading less than the whole file reads a contiguous run of its
 *   blocks from an offset drawn uniformly on the row's own stream (input:i of the workload's), so jobs reading one
 *   table share its blocks, as the traced jobs did; the same table read whole by many jobs is read hot.
 * - reduces = 0 for a job with no shuffle in the trace (a map-only job), else max(1, round((shuffle + output) /
 *   bytesPerReduce)); the default 1e9 bytes is Hive's hive.exec.reducers.bytes.per.reducer, and most Facebook jobs
 *   were Hive queries. maxReducesPerJob, when set, caps the count as Hive's hive.exec.reducers.max does (999 before
 *   Hive 0.14, 1009 since); the job's shuffle and output bytes are then spread over fewer, larger reduces.
 * - map (node-local) = mapBaseMs + mapMsPerMB * MB read by one map: 3 s + 0.25 s/MB is 19 s for a full 64 MB block.
 * - reduce = copy then compute: copyMs = reduceMsPerMB * shuffle MB per reduce; reduceMs = reduceBaseMs +
 *   reduceMsPerMB * output MB per reduce. 15 s + 0.2265 s/MB is 231 s for a full 1e9-byte reduce. The copy phase
 *   also waits for the job's last map, as every reduce does.
 * - pools: "bin" puts a job in the pool of its Facebook size bin (bin1 .. bin9: Facebook separated small ad-hoc
 *   queries from large production jobs), "round-robin" in user0 .. user{poolCount-1} by row, "single" in "default".
 */
import type { JobSpec } from './workload.js';
import { binOf } from './facebook-bins.js';
import { swimPool } from './pool-names.js';
import { jobIndex } from './ids.js';
import type { Rng } from './rng.js';
import type { SwimWorkload } from './scenario.js';

/** The rows of a SWIM trace, in file order (columns 1, 2, 4, 5 and 6 of the TSV, and 7 where a trace has it). */
export interface SwimTrace {
  /** The trace's path, as errors name it (row i is its line i + 1); '' where it is not known. */
  readonly file: string;
  readonly ids: readonly string[];
  readonly submitS: Float64Array;
  readonly inputBytes: Float64Array;
  readonly shuffleBytes: Float64Array;
  readonly outputBytes: Float64Array;
  /**
   * Each row's input path (SWIM's `withInputPaths` traces: anonymized, "inputPath12"), '' for none; omitted: no row
   * has one. Rows naming one path read one file (swimJobs).
   */
  readonly inputPaths?: readonly string[];
}

const MB = 1024 * 1024;
/** SWIM's floor on shuffle and output bytes. */
const MIN_BYTES = 1024;
/**
 * SWIM's floor on a job's input: 64 MB (GenerateReplayScript: one block of the 64 MB-block clusters it replayed on),
 * whatever the block size here (it was one block: a tiny job read 128 MB in a 35 s map at the default blockMB).
 */
const MIN_INPUT_BYTES = 64 * MB;

/** The shape of one job derived from a trace row, before its input is placed. */
export interface SwimJobShape {
  maps: number;
  reduces: number;
  mapMs: number;
  copyMs: number;
  reduceMs: number;
  /** MB per map read, and per reduce shuffled and written (for the fluid network model). */
  inputMBPerMap: number;
  shuffleMBPerReduce: number;
  outputMBPerReduce: number;
}

/** Derives one job's maps, reduces and durations from its (unscaled) trace bytes; see the module comment. */
export function swimJobShape(w: SwimWorkload, scale: number, blockMB: number, input: number, shuffle: number, output: number): SwimJobShape {
  const blockBytes = blockMB * MB;
  const inBytes = Math.max(input * scale, MIN_INPUT_BYTES);
  const maps = Math.max(1, Math.ceil(inBytes / blockBytes));
  const mapMs = Math.round(w.mapBaseMs + (w.mapMsPerMB * inBytes) / maps / MB);
  const inputMBPerMap = inBytes / maps / MB;
  if (shuffle <= 0) return { maps, reduces: 0, mapMs, copyMs: 0, reduceMs: 1, inputMBPerMap, shuffleMBPerReduce: 0, outputMBPerReduce: 0 };
  const sh = Math.max(shuffle * scale, MIN_BYTES);
  const out = Math.max(output * scale, MIN_BYTES);
  const reduces = Math.min(w.maxReducesPerJob ?? Infinity, Math.max(1, Math.round((sh + out) / w.bytesPerReduce)));
  return {
    maps,
    reduces,
    mapMs,
    copyMs: Math.round((w.reduceMsPerMB * sh) / reduces / MB),
    reduceMs: Math.round(w.reduceBaseMs + (w.reduceMsPerMB * out) / reduces / MB),
    inputMBPerMap,
    shuffleMBPerReduce: sh / reduces / MB,
    outputMBPerReduce: out / reduces / MB,
  };
}

/**
 * The jobs of a SWIM replay, in trace order (submit times never decrease); `addFile` places each input file, `rng` (the
 * workload's) draws where a row reads a shared path's file.
 */
export function swimJobs(w: SwimWorkload, trace: SwimTrace, nodes: number, blockMB: number, addFile: (name: string, blocks: number) => Int32Array, rng: Rng): JobSpec[] {
  const scale = nodes / w.tracedNodes;
  const n = Math.min(trace.ids.length, w.jobs ?? Infinity);
  const shapes = Array.from({ length: n }, (_, i) => swimJobShape(w, scale, blockMB, trace.inputBytes[i], trace.shuffleBytes[i], trace.outputBytes[i]));
  const paths = w.inputPaths === 'shared' ? trace.inputPaths : undefined;
  const input = paths === undefined ? undefined : sharedPathInputs(paths, shapes, addFile, rng);
  const jobs: JobSpec[] = [];
  for (let i = 0; i < n; i++) {
    const shape = shapes[i];
    const bin = binOf(shape.maps);
    jobs.push({
      index: jobIndex(i),
      id: trace.ids[i],
      pool: swimPool(w.pools, w.poolCount, i, bin),
      priority: 'NORMAL',
      type: w.type,
      submitMs: Math.round(trace.submitS[i] * 1000),
      blocks: input?.(i) ?? addFile(ownFileName(trace.ids[i]), shape.maps),
      reduces: shape.reduces,
      mapMs: shape.mapMs,
      reduceMs: shape.reduceMs,
      copyMs: shape.copyMs,
      bin,
      inputMBPerMap: shape.inputMBPerMap,
      shuffleMBPerReduce: shape.shuffleMBPerReduce,
      outputMBPerReduce: shape.outputMBPerReduce,
    });
  }
  return jobs;
}

/**
 * The name of a row's own input file, placed from the stream of that name (placement.ts): the job id, escaped where
 * it could be a shared path's (`path:<path>`) or another escaped id's. So "path:A" as a job id is its own file
 * `job:path:A`, not path A's: two files of one name were placed alike, and a job then read the very nodes that
 * path's rows read. Ids without those prefixes (every trace's so far) keep their names, and their placements.
 */
export function ownFileName(id: string): string {
  return id.startsWith('path:') || id.startsWith('job:') ? `job:${id}` : id;
}

/**
 * The input of each row that names a path (undefined for one that names none): the path's file, placed as its first
 * row is built (file `path:<path>`, sized to the largest of its rows' maps), read whole or in a contiguous run.
 */
function sharedPathInputs(paths: readonly string[], shapes: readonly SwimJobShape[], addFile: (name: string, blocks: number) => Int32Array, rng: Rng): (i: number) => Int32Array | undefined {
  const size = new Map<string, number>();
  shapes.forEach((s, i) => {
    if (paths[i] !== '') size.set(paths[i], Math.max(size.get(paths[i]) ?? 0, s.maps));
  });
  const files = new Map<string, Int32Array>();
  return (i) => {
    const path = paths[i];
    if (path === '') return undefined;
    let file = files.get(path);
    if (file === undefined) {
      file = addFile(`path:${path}`, size.get(path)!);
      files.set(path, file);
    }
    const maps = shapes[i].maps;
    if (maps === file.length) return file;
    const offset = rng.fork(`input:${i}`).int(file.length - maps + 1);
    return file.slice(offset, offset + maps);
  };
}
