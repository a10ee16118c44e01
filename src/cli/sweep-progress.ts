/**
 * A sweep's progress on stderr: points done, failed, rate and time left, as a bar on a terminal and as plain lines in a
 * log (sweep-run.ts ticks it as each point ends).
 */
import cliProgress, { SingleBar } from 'cli-progress'; // its Format only as the default export's (CommonJS)
import { BAR_TERMINAL, type ProgressStream, barSize, drawsInPlace } from './run-progress.js';
import { clearBarOnSignal } from './ending-signals.js';

/**
 * A sweep bar's time left: "45s", "12m05s", "130h07m"; "-" before a point of this run has finished (there is no rate
 * yet) and where cli-progress has none ('NULL', 'INF': past 115 days). cli-progress's own eta_formatted kept two
 * digits of the hours (130 h read "30h00m") and rounded the seconds or minutes to 5 without a carry ("59m60s"), and
 * read "0s" from the bar's start to the first point's end (a resumed sweep: "8/12 points | 0.00 points/s | ETA 0s").
 */
export function etaText(seconds: number | string, started: boolean): string {
  if (!started || typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '-';
  const two = (n: number): string => String(n).padStart(2, '0');
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${two(s % 60)}s`;
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)}h${two(m % 60)}m`;
}

/**
 * A sweep's rate: "2.35 points/s", or for points longer than 10 s "48 s/point" (0.02 points/s read "0.00 points/s"
 * for points of 200 s and more, as if nothing ran); "- points/s" before a point of this run has finished.
 */
export function rateText(points: number, seconds: number): string {
  if (points <= 0) return '- points/s';
  const rate = points / Math.max(seconds, 1e-3);
  return rate >= 0.1 ? `${rate.toFixed(2)} points/s` : `${Math.round(1 / rate)} s/point`;
}

/**
 * Points done, rate and ETA: a cli-progress bar on a terminal, plain lines otherwise. The rate is that of the last
 * points' ends (21, or two per worker and one), counted from the first end of this run once `workers` points have ended
 * after it, so that the workers' start-up is left out (the ETA read 2m00s at 1 of 96 points for a sweep of 9.5 s, on 2
 * workers, counting from the start); before that, from the run's start, which errs long.
 */
export class SweepProgress {
  private readonly bar?: SingleBar;
  /** Stops clearing the bar's line at a Ctrl-C or a kill. */
  private readonly unguard?: () => void;
  private readonly started = performance.now();
  private readonly startDone: number;
  private lastLine = 0;
  /** When this run's last points ended (ms, performance.now()), at most `window` + 1 of them, oldest first. */
  private readonly ends: number[] = [];
  private readonly window: number;
  /** This run's points that failed, among the `done` (ended) ones. */
  private failed = 0;

  constructor(private readonly total: number, private done: number, private readonly enabled: boolean, private readonly stream: ProgressStream = process.stderr,
    private readonly workers = 1) {
    this.startDone = done;
    this.window = Math.max(20, 2 * workers);
    if (!enabled || total === done) return;
    if (drawsInPlace(stream)) {
      this.bar = new SingleBar({
        format: (options, params, payload) => cliProgress.Format.Formatter({ ...options, format: 'sweep [{bar}] {value}/{total} points{failed} | {rate} | ETA {left}' }, params,
          { ...payload, failed: this.failed === 0 ? '' : ` (${this.failed} failed)`, left: etaText(payload.secondsLeft as number, this.done > this.startDone) }),
        // "sweep [] ", the counts, " points", " (N failed)", " | ", a rate of up to 16 characters ("9999.99 points/s"), " | ETA " and up to 7 more
        barsize: barSize(stream.columns, 3 * String(total).length + 61),
        stream: stream as NodeJS.WritableStream,
        ...BAR_TERMINAL,
      });
      this.unguard = clearBarOnSignal(stream); // from before the bar's first draw (run-progress.ts stop())
      this.bar.start(total, done, { rate: rateText(0, 0), secondsLeft: 0 });
    } else {
      stream.write(`sweep: ${done}/${total} points done, running ${total - done}\n`);
    }
  }

  /** A point of this run ended, done or (`failed`) failed: either way the bar moves on, so it ends at its total. */
  tick(failed = false): void {
    this.done++;
    if (failed) this.failed++;
    if (!this.enabled) return;
    const now = performance.now();
    const ends = this.ends;
    ends.push(now);
    if (ends.length > this.window + 1) ends.shift();
    // The window's ends, W = workers of them at each end: each end less the one W before it is one worker's point, and
    // those differences sum to (the last W's sum) - (the first W's), over n - W points; (the last less the first, over
    // n - 1, read points ending at one moment on two workers as three in 0.1 s, not two). Or all of this run's points,
    // from its start.
    const n = ends.length;
    const w = this.workers;
    let points = this.done - this.startDone;
    let secs = (now - this.started) / 1000;
    if (n - 1 >= w) {
      let span = 0;
      for (let k = 0; k < w; k++) span += ends[n - 1 - k] - ends[k];
      [points, secs] = [w * (n - w), span / 1000];
    }
    const text = rateText(points, secs);
    const secondsLeft = (this.total - this.done) * (secs / points);
    if (this.bar) {
      this.bar.update(this.done, { rate: text, secondsLeft });
      return;
    }
    // Plain lines: every point for small sweeps, else about every 2%, and the last.
    if (this.done - this.lastLine < Math.max(1, Math.floor(this.total / 50)) && this.done < this.total) return;
    this.lastLine = this.done;
    this.stream.write(`sweep: ${this.done}/${this.total} points, ${this.failed === 0 ? '' : `${this.failed} failed, `}${text}, ETA ${etaText(secondsLeft, true)}\n`);
  }

  stop(): void {
    this.bar?.stop();
    this.unguard?.(); // to after its clearing
  }
}
