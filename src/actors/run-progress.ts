/**
 * Progress of one run, for a display (`hfsim run` on stderr) or a library caller: read from the master between
 * epochs, so it changes nothing simulated (the same digest with or without a listener: test/actors/run-progress.test.ts).
 */
import { performance } from 'node:perf_hooks'; // not the global's lazy getter (master-actor.ts)
import type { PlacedListener } from '../core/placement.js';
import type { DrawnListener } from '../core/workload.js';

export interface RunProgress {
  /** Simulated time reached (ms): the end of the last epoch the master handled. */
  simulatedMs: number;
  /** Jobs finished so far, and the workload's jobs. */
  jobsFinished: number;
  jobs: number;
}

export type ProgressListener = (progress: RunProgress) => void;

/**
 * Progress of a run's workload build, before its first epoch: its input blocks placed in HDFS so far, of all; before
 * them, a Facebook mix's or generated groups' jobs drawn so far, of all (`jobsDrawn` and `jobs` given, the blocks 0).
 */
export interface BuildProgress {
  blocksPlaced: number;
  blocks: number;
  jobsDrawn?: number;
  jobs?: number;
}

export type BuildListener = (progress: BuildProgress) => void;

/** What a ticker reads: the master actor's progress(). */
export interface ProgressSource {
  progress(): RunProgress;
}

/** Wall ms between a run's progress calls, unless a caller asks otherwise (SimulateOptions.progressEveryMs). */
export const PROGRESS_EVERY_MS = 250;

/**
 * Calls a listener between epochs at most once every `everyMs` of wall time (0: after every epoch), and once at the
 * end of the run. Without a listener it does nothing, not even read the clock.
 */
export class ProgressTicker {
  private nextAt: number;
  /** What the listener was last told: an exchange that moved nothing on (the fluid model's closing one) is not told again. */
  private last: RunProgress | undefined;

  constructor(private readonly listener: ProgressListener | undefined, private readonly everyMs = PROGRESS_EVERY_MS) {
    this.nextAt = listener === undefined ? Infinity : performance.now() + everyMs;
  }

  /** After an epoch: tells the listener if `everyMs` have passed since the last call; whether it told it. */
  tick(source: ProgressSource): boolean {
    if (this.listener === undefined) return false;
    const now = performance.now();
    if (now < this.nextAt) return false;
    const p = source.progress();
    if (this.last !== undefined && p.simulatedMs === this.last.simulatedMs && p.jobsFinished === this.last.jobsFinished) return false;
    this.nextAt = now + this.everyMs;
    this.last = p;
    this.listener(p);
    return true;
  }

  /** The run's end: tells the listener once more (every job finished). */
  end(source: ProgressSource): void {
    this.listener?.(source.progress());
  }
}

/** A build's listeners in the core's terms: its jobs drawn (core/workload.ts), then its blocks placed (core/placement.ts). */
export interface BuildTicker {
  drawn: DrawnListener;
  placed: PlacedListener;
}

/**
 * A build's drawings and placings told to `listener` at most once every `everyMs` of wall time (0: each), and always
 * the last drawing and the last placing (every job drawn, every block placed: the drawing bar sat short of its total).
 */
export function buildTicker(listener: BuildListener, everyMs = PROGRESS_EVERY_MS): BuildTicker {
  let nextAt = performance.now() + everyMs;
  const due = (last: boolean): boolean => {
    const now = performance.now();
    if (!last && now < nextAt) return false;
    nextAt = now + everyMs;
    return true;
  };
  return {
    drawn: (drawn, total) => {
      if (due(drawn === total)) listener({ jobsDrawn: drawn, jobs: total, blocksPlaced: 0, blocks: 0 });
    },
    placed: (placed, total) => {
      if (due(placed === total)) listener({ blocksPlaced: placed, blocks: total });
    },
  };
}
