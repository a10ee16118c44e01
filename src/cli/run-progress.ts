/**
 * `hfsim run`'s progress on stderr, for a variant simulated in this process: on a terminal, from a second into the
 * variant, a bar of jobs finished with the simulated time and the wall time (cleared when the variant ends, so the
 * table prints alone); elsewhere (a log), a line every half minute, so a short run prints nothing and a nightly
 * job's log shows where a long one is. Variants run side by side on worker processes (--parallel) show no bar; a line
 * says which this process waits for once it has run its own, and another as each ends (from a second into the command
 * on a terminal, from 30 s in a log, as the bar and the lines). A Ctrl-C (or a kill) clears a bar's line before the
 * command ends by it (ending-signals.ts). --no-progress turns it off.
 */
import { performance } from 'node:perf_hooks';
import cliProgress, { SingleBar } from 'cli-progress'; // its Format only as the default export's (CommonJS)
import stringWidth from 'string-width';
import type { BuildListener, ProgressListener, RunProgress } from '../actors/run-progress.js';
import { clearBarOnSignal } from './ending-signals.js';
import { type TraceReadUnit, whileTracesLoad } from './trace.js';
import { type Steps, turning, within } from './steps.js';

/** Where progress goes: process.stderr, or a test's stand-in. */
export interface ProgressStream {
  isTTY?: boolean;
  /** A terminal's width (the bar is sized to fit it). */
  columns?: number;
  write(text: string): boolean;
}

export interface RunProgressOptions {
  /** Wall ms into a variant before a terminal's bar appears. */
  barAfterMs?: number;
  /** Wall ms between a log's lines (and before the first). */
  lineEveryMs?: number;
  /** Wall clock (ms); tests pass their own. */
  now?: () => number;
  /** The command a log's trace-read lines name (default 'run': `run: reading ...`; hfsim sweep's `sweep: reading ...`). */
  command?: string;
}

/**
 * Whether progress is drawn on `stream` as on a terminal (a bar, a line redrawn in place), not written as a log's
 * lines: a terminal that is not TERM=dumb. A dumb one (Emacs's M-x shell, a CI runner's pseudo-terminal) moves no
 * cursor: the bar's escape sequences showed as text, each redraw appended to the last.
 */
export function drawsInPlace(stream: ProgressStream): boolean {
  return stream.isTTY === true && process.env.TERM !== 'dumb';
}

/** "h:mm:ss" of simulated ms (days past 24 h stay hours: 30:00:00). */
export function simulatedClock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/** A variant's name as progress shows it (a scenario without variants has one named ''). */
const variantLabel = (name: string): string => (name === '' ? 'run' : name);

/** A trace's bar's verb, by what it counts: its read, then (SLS JSON, Rumen) its jobs' conversion and their check. */
const TRACE_STAGES: Record<TraceReadUnit, string> = { rows: 'reading', bytes: 'reading', 'jobs converted': 'converting', 'jobs checked': 'checking' };

/**
 * The terminal as a bar leaves it: untouched. cli-progress's hideCursor and its default linewrap: false switch the
 * cursor and line wrap off while it draws and back on when it stops; a Ctrl-C (or any kill) ended the process by the
 * signal with them off, and the shell came back without a cursor or wrapping. So the cursor stays shown, and with
 * wrapping left on cli-progress cuts each line to the terminal's width (its Terminal.write), so a long line does not
 * wrap into the next. The bar's line itself is cleared at a Ctrl-C or a kill (ending-signals.ts; a run with a listener
 * lets the event loop turn as it tells it, runInProcessYielding).
 */
export const BAR_TERMINAL = { hideCursor: false, linewrap: true } as const;

/**
 * The bar's width in characters so that its line, `fixed` characters besides the bar, fits the terminal's `columns`
 * (cut, its end was lost: the wall time, the ETA): from 10 to cli-progress's default 40.
 */
export const barSize = (columns: number | undefined, fixed: number): number => Math.max(10, Math.min(40, (columns || 80) - 1 - fixed));

/**
 * `text` cut to at most `columns` terminal columns. cli-progress cuts a line to the terminal's width in UTF-16 code
 * units (its Terminal.write), not in columns: a variant named in CJK (two columns a character) or with emoji made the
 * line wider than the terminal, so it wrapped, each redraw (at the line's start, now the wrapped row) wrapped again, and
 * the rows it left were never cleared: the table printed among the bar's remains.
 */
export function fitColumns(text: string, columns: number): string {
  if (stringWidth(text) <= columns) return text;
  let cut = '';
  let width = 0;
  for (const ch of text) { // by code point: a surrogate pair is never split
    const w = stringWidth(ch);
    if (width + w > columns) break;
    cut += ch;
    width += w;
  }
  return cut;
}

export class RunProgressDisplay {
  private readonly barAfterMs: number;
  private readonly lineEveryMs: number;
  private readonly now: () => number;
  private readonly command: string;
  private bar: SingleBar | undefined;
  /**
   * Stops clearing the bar's line at a Ctrl-C or a kill: set while a bar is drawn, in the run's epochs, where the
   * event loop turns as the bar is told the progress. Not for the "running ..." line: the signal would then wait for
   * a variant's workload to be built (seconds, at scale), where it ends the command at once.
   */
  private unguard: (() => void) | undefined;
  /** When the display was made (the command's start, near enough). */
  private readonly created: number;
  /**
   * In a log, when the next line is due: every lineEveryMs of the command, whichever variant runs then (a clock per
   * variant printed nothing for a command of many variants shorter than 30 s each, however long it ran in all).
   */
  private lineAt: number;
  /** What the bar drawn counts (counted's unit: rows, jobs drawn, blocks placed). */
  private barUnit: string | undefined;
  /** Whether a "running <variant>..." line was written (starting), for end() to erase. */
  private runningLine = false;

  constructor(private readonly stream: ProgressStream, options: RunProgressOptions = {}) {
    this.barAfterMs = options.barAfterMs ?? 1000;
    this.lineEveryMs = options.lineEveryMs ?? 30_000;
    this.now = options.now ?? (() => performance.now());
    this.command = options.command ?? 'run';
    this.created = this.now();
    this.lineAt = this.created + this.lineEveryMs;
  }

  /** The listener of variant `name`'s run (its simulate() onProgress); ends the bar of the variant before, if any. */
  variant(name: string): ProgressListener {
    this.stop();
    const started = this.now();
    const label = variantLabel(name);
    return (p: RunProgress) => {
      const now = this.now();
      const wall = `${Math.round((now - started) / 1000)} s`;
      if (drawsInPlace(this.stream)) {
        if (this.bar === undefined) {
          if (now - started < this.barAfterMs || p.jobsFinished === p.jobs) return;
          // the label (in columns), the counts (twice the total's digits), a simulated clock of days and a wall time of hours
          this.unguard = clearBarOnSignal(this.stream); // before the bar is drawn: see stop()
          this.startBar('{label} [{bar}] {value}/{total} jobs | simulated {simulated} | {wall}', stringWidth(label) + 2 * String(p.jobs).length + 45,
            p.jobs, p.jobsFinished, { label, simulated: simulatedClock(p.simulatedMs), wall });
          return;
        }
        this.bar.update(p.jobsFinished, { simulated: simulatedClock(p.simulatedMs), wall });
        return;
      }
      if (now < this.lineAt) return;
      this.lineAt = now + this.lineEveryMs;
      this.stream.write(`run: ${label}: ${p.jobsFinished}/${p.jobs} jobs finished, simulated ${simulatedClock(p.simulatedMs)}, ${wall}\n`);
    };
  }

  /**
   * A trace's rows (SWIM) or bytes (SLS JSON, Rumen) read (trace.ts whileTracesLoad), `done` of `total`, told as a
   * variant's jobs are, from the command's start: on a terminal a bar from a second in, cleared once the trace is read;
   * in a log a line every 30 s of the command. The bar clears its line at a Ctrl-C where the read lets the event loop
   * turn (`turning`: hfsim run's and hfsim sweep's, showingTraceReadsTurning); read without it, a handler for the
   * signal would hold it until the trace was read (seconds), so none is set.
   */
  loading(file: string, done: number, total: number, turning = false, unit: TraceReadUnit = 'rows'): void {
    this.counted(`${TRACE_STAGES[unit]} ${file}`, unit, done, total, this.created, turning);
  }

  /**
   * The listener of variant `name`'s workload build (its simulate() onBuildProgress, or a dry run's): its jobs drawn
   * (a bar of its own, ended by the blocks'), then its blocks placed, told as a trace's rows are, from the variant's start: on a terminal a bar from a second in, cleared once
   * every block is placed (before the variant's own bar); in a log a line every 30 s of the command. A build of no
   * blocks to place (an SLS or Rumen trace's, its inputs listed at their hosts) tells nothing. As the run's own
   * bar, each clears its line at a Ctrl-C or a kill: the build lets the event loop turn as it tells it (place-threads.ts).
   */
  building(name: string): BuildListener {
    const started = this.now();
    const label = (what: string): string => (name === '' ? what : `${name}: ${what}`);
    return (p) => {
      if (p.jobsDrawn !== undefined) this.counted(label('drawing the jobs'), 'jobs drawn', p.jobsDrawn, p.jobs ?? p.jobsDrawn, started, true);
      else if (p.blocks > 0) this.counted(label('building the workload'), 'blocks placed', p.blocksPlaced, p.blocks, started, true);
    };
  }

  /**
   * `done` of `total` `unit` of the work `label` started at `since`: a bar from barAfterMs in, cleared at the total
   * (and at a Ctrl-C, where the work lets the event loop turn: `turning`); a log's line.
   */
  private counted(label: string, unit: string, done: number, total: number, since: number, turning = false): void {
    const now = this.now();
    const wall = `${Math.round((now - since) / 1000)} s`;
    if (drawsInPlace(this.stream)) {
      if (this.bar !== undefined && this.barUnit !== unit) this.stop(); // the jobs drawn, the blocks to place next
      if (this.bar === undefined) {
        if (now - since < this.barAfterMs || done === total) return;
        this.barUnit = unit;
        // the label, " [] ", the counts, " " and the unit, " | " and a wall time of hours
        if (turning) this.unguard = clearBarOnSignal(this.stream); // before the bar is drawn: see stop()
        this.startBar(`{label} [{bar}] {value}/{total} ${unit} | {wall}`, stringWidth(label) + 2 * String(total).length + 16 + unit.length, total, done, { label, wall });
      } else this.bar.update(done, { wall });
      if (done === total) this.stop();
      return;
    }
    if (now < this.lineAt) return;
    this.lineAt = now + this.lineEveryMs;
    this.stream.write(`${this.command}: ${label}: ${done}/${total} ${unit}, ${wall}\n`);
  }

  /** A bar of `format` (its `label` a payload: a name with {value} or {bar} in it is not a placeholder), `fixed` characters besides the bar. */
  private startBar(format: string, fixed: number, total: number, value: number, payload: Record<string, string>): void {
    const columns = this.stream.columns || 80;
    this.bar = new SingleBar({
      format: (options, params, p) => fitColumns(cliProgress.Format.Formatter({ ...options, format }, params, p), columns - 1),
      barsize: barSize(columns, fixed),
      stream: this.stream as NodeJS.WritableStream,
      ...BAR_TERMINAL,
      clearOnComplete: true,
    });
    this.bar.start(total, value, payload);
  }

  /**
   * Variants one after another on a terminal: which one starts, until its bar (a second in) or the next one's line
   * replaces it; cleared to the line's end (a shorter name left the end of a longer one: "running FIFO...air...").
   */
  starting(name: string): void {
    if (!drawsInPlace(this.stream)) return;
    this.stream.write(`${fitColumns(`running ${name}...`, (this.stream.columns || 80) - 1)}\x1b[K\r`);
    this.runningLine = true;
  }

  /**
   * The command's end: ends a bar, and erases the last "running <variant>..." line, if one was written (an erase
   * written with none, --no-progress's too, put "\x1b[K" on stderr where nothing was drawn).
   */
  end(): void {
    this.stop();
    if (this.runningLine) this.stream.write('\x1b[K');
    this.runningLine = false;
  }

  /** Side by side: this process has run its variants and waits for `running` on worker processes. */
  waiting(running: readonly string[]): void {
    this.line(`run: waiting for ${running.map((v) => variantLabel(v)).join(', ')} on worker processes`);
  }

  /** Side by side: variant `name` ended on a worker process, `ended` of `total` so far. */
  poolDone(name: string, ended: number, total: number): void {
    this.line(`run: ${variantLabel(name)} finished on a worker process (${ended}/${total} variants)`);
  }

  /**
   * A line about the worker processes' variants, once the command has run as long as a bar waits on a terminal or a
   * line in a log (so a short run still prints nothing); a bar drawn is cleared first.
   */
  private line(text: string): void {
    if (this.now() - this.created < (drawsInPlace(this.stream) ? this.barAfterMs : this.lineEveryMs)) return;
    this.stop();
    this.stream.write(`${text}\n`);
  }

  /**
   * Ends the bar on screen, if one is drawn (cleared: clearOnComplete). The bar's line is guarded from before its first
   * draw to after its clearing: with no listener a SIGINT ends the process at once, by the kernel, wherever the drawing
   * is (a Ctrl-C between the checking bar's first line and its listener left the line on screen, cut before its erase);
   * with one, the signal waits for the event loop, after the draw.
   */
  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
    this.unguard?.();
    this.unguard = undefined;
  }
}

/**
 * A load in steps (load-scenario.ts loadScenarioFlagsSteps, sweep-file.ts loadSweepSteps), each trace it reads (SWIM,
 * SLS JSON, Rumen) shown on `display` as it is read (loading; none without a display), the event loop let turn at
 * each of its pauses: a Ctrl-C or a kill while a trace is read clears the reading bar's line, then ends the command by
 * the signal. Its line was left on screen: the trace was read inside the synchronous loadScenario (and loadSweep),
 * where no handler runs. A bad row past the bar's start clears the bar before the error goes up: its timer drew on for
 * ever (the command never ended), the error stuck to its line.
 */
export async function showingTraceReadsTurning<T>(display: RunProgressDisplay | undefined, load: Steps<T>): Promise<T> {
  const told = display === undefined ? undefined : (trace: string, done: number, total: number, unit: TraceReadUnit) => display.loading(trace, done, total, true, unit);
  try {
    return await turning(within((step) => whileTracesLoad(told, step), load));
  } catch (err) {
    display?.stop();
    throw err;
  }
}
