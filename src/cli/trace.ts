/**
 * Reading SWIM traces (tab-separated, no header, one job a line: id, submit s, gap s, input, shuffle and output
 * bytes; data/traces/README.md). SWIM's later synthesis (WorkloadSynthesis.pl, its `..._withInputPaths_0.tsv` traces)
 * adds each job's anonymized input path and output path, each followed by a tab and either empty: 7 to 9 columns,
 * the 9th empty. A malformed line is bad input: one error naming the file and the line; so is a row whose job id
 * starts with '#' (a comment: SWIM traces have none). Row i is line i + 1: no line is skipped.
 */
import { filePosition } from './file-position.js';
import { readTextFile } from './read-file.js';
import { dirname, isAbsolute, join } from 'node:path';
import { statSync } from 'node:fs';
import type { Scenario } from '../core/scenario.js';
import type { SwimTrace } from '../core/swim.js';
import { InputError, namedBy } from './errors.js';
import { warnOfFile, warnOnce } from './warn.js';
import { MAX_JOBS, MAX_TIME_MS } from '../core/limits.js';
import { hasControlChars, quotedName } from '../core/bounded.js';
import { type Steps, drained, within } from './steps.js';

/** A non-negative decimal number, as SWIM writes them (an exponent allowed). */
const DECIMAL = /^\d+(\.\d+)?([eE][+-]?\d+)?$/;

const COLUMNS = ['job id', 'submit time', 'inter-arrival gap', 'input bytes', 'shuffle bytes', 'output bytes'];
const PATH_COLUMNS = ['input path', 'output path'];

/** How often parseSwimTrace tells its rows (and once at the end), and pauses (swimTraceRows). */
const ROWS_TOLD = 16_384;

/**
 * Parses a trace's text; `file` names it in errors. `onRows` is told the rows read so far and the trace's rows (a
 * run's progress: a 465 MB trace of 1,000,000 rows took 34 s to load, with nothing on stderr).
 */
export function parseSwimTrace(text: string, file: string, onRows?: (rows: number, total: number) => void): SwimTrace {
  return drained(swimTraceRows(text, file, onRows));
}

/** parseSwimTrace, pausing after every ROWS_TOLD rows as it tells them (a command lets the event loop turn there). */
export function* swimTraceRows(text: string, file: string, onRows?: (rows: number, total: number) => void): Steps<SwimTrace> {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const n = lines.length;
  if (n > MAX_JOBS) throw new InputError(`${file}: ${n} lines (one job each), above the limit of ${MAX_JOBS} jobs`);
  const ids: string[] = [];
  const submitS = new Float64Array(n);
  const inputBytes = new Float64Array(n);
  const shuffleBytes = new Float64Array(n);
  const outputBytes = new Float64Array(n);
  const inputPaths: string[] = [];
  let anyPath = false;
  const seen = new Set<string>();
  const bad = (line: number, what: string): InputError => new InputError(`${filePosition(file, line)}: ${what}`);
  /** Lines whose gap (column 3) is not their submit time's step from the line before (the first line's: from 0). */
  let offGaps = 0;
  let firstOff = '';
  for (let i = 0; i < n; i++) {
    const line = i + 1;
    const cols = lines[i].replace(/\r$/, '').split('\t');
    if (cols.length < 6 || cols.length > 9 || (cols.length === 9 && cols[8].trim() !== '')) {
      const row = cols.join('\t');
      const found = row.trim() === '' ? `${cols.length}: a blank line (a trace has a job on every line, and no blank line but a last newline)`
        : row.trimStart().startsWith('#') ? `${cols.length}: a comment (SWIM traces have none)`
          // the whole file read as one line: said as such (it was a column count of no use, "found 251")
          : row.includes('\r') ? `${cols.length}: lines end in a carriage return alone (\\r, as classic Mac OS and Excel for Mac save text), not a newline: save the trace with LF or CRLF line endings`
            : cols.length === 9 ? '9, the 9th not empty'
              // an SLS or Rumen trace under kind "swim" (it was "found 1")
              : cols.length === 1 && i === 0 && /^\s*[{[]/.test(row) ? '1: JSON, not a SWIM trace (an SLS JSON or Rumen trace is workload kind "sls")'
                : cols.length === 1 && /\S\s+\S/.test(row) ? '1: columns separated by spaces, not tabs'
                  : cols.length < 6 ? `${cols.length}${spacedColumn(cols)}`
                    : String(cols.length);
      throw bad(line, `expected 6 tab-separated columns (${COLUMNS.join(', ')}), or 7 to 9 with SWIM's ${PATH_COLUMNS.join(' and ')} (a 9th only empty: a trailing tab), found ${found}`);
    }
    for (let k = 6; k < Math.min(cols.length, 8); k++) {
      if (hasControlChars(cols[k])) throw bad(line, `column ${k + 1} (${PATH_COLUMNS[k - 6]}) ${quotedName(cols[k])} holds a control character`);
    }
    const inputPath = cols.length > 6 ? cols[6].trim() : '';
    if (inputPath !== '') anyPath = true;
    inputPaths.push(inputPath);
    const id = cols[0].trim();
    if (id === '') throw bad(line, 'empty job id');
    // A row commented out was replayed as a job named "#job3", silently.
    if (id.startsWith('#')) throw bad(line, `a comment (SWIM traces have none): job id ${quotedName(id)} starts with "#"; delete the line, or rename the job`);
    if (hasControlChars(id)) throw bad(line, `job id ${quotedName(id)} holds a control character: names are printed in tables and CSV`);
    if (seen.has(id)) throw bad(line, `job id "${id}" is used twice`);
    seen.add(id);
    // A first row of words where the numbers go is a header (a spreadsheet's export): it read "column 2 (submit time):
    // "submit" is not a non-negative number", as if the row were a job's.
    if (i === 0 && cols.slice(1, 6).every((c) => /^\s*[A-Za-z_][\w .()/-]*$/.test(c))) throw bad(line, `a header row (${JSON.stringify(cols.slice(0, 6).join(' | '))}): SWIM traces have none, only a job a line: delete it`);
    const nums = cols.slice(1, 6).map((c, k) => {
      const v = DECIMAL.test(c.trim()) ? Number(c.trim()) : NaN; // decimal only: Number() also reads "0x10" and ""
      // a decimal past a double's range ("1e400") reads as Infinity: said so, not as "not a number"
      const why = v === Infinity ? 'is beyond the range of a number (about 1.8e308)' : 'is not a non-negative number';
      // The text escaped as JSON: an escape sequence in it reached the terminal raw.
      if (!Number.isFinite(v) || v < 0) throw bad(line, `column ${k + 2} (${COLUMNS[k + 1]}): ${quotedName(c)} ${why}`);
      return v;
    });
    if (i > 0 && nums[0] < submitS[i - 1]) throw bad(line, `submit time ${nums[0]} is before the previous line's ${submitS[i - 1]}`);
    if (nums[0] * 1000 > MAX_TIME_MS) throw bad(line, `submit time ${nums[0]} s is above the limit of ${MAX_TIME_MS / 1000} s`);
    const step = nums[0] - (i > 0 ? submitS[i - 1] : 0);
    if (Math.abs(step - nums[1]) > 1e-9 * Math.max(1, nums[0]) && offGaps++ === 0) {
      firstOff = `${filePosition(file, line)}: column 3 (inter-arrival gap) ${nums[1]} is not the step of the submit times (column 2) from ${i > 0 ? 'the line before' : '0'}, ${step}`;
    }
    ids.push(id);
    submitS[i] = nums[0];
    inputBytes[i] = nums[2];
    shuffleBytes[i] = nums[3];
    outputBytes[i] = nums[4];
    if ((i + 1) % ROWS_TOLD === 0 && i + 1 < n) {
      onRows?.(i + 1, n);
      yield;
    }
  }
  onRows?.(n, n);
  if (n === 0) throw new InputError(`${file}: the trace has no jobs`);
  // SWIM writes column 2 as the sum of the gaps, and its replay script sleeps the gaps: here the submit times are
  // replayed, so a trace whose columns disagree replays otherwise than SWIM would.
  if (offGaps > 0) warnOfFile(`${firstOff}${offGaps > 1 ? ` (and ${offGaps - 1} more lines)` : ''}: hfsim replays the submit times; SWIM's replay script sleeps the gaps`);
  return anyPath ? { file, ids, submitS, inputBytes, shuffleBytes, outputBytes, inputPaths } : { file, ids, submitS, inputBytes, shuffleBytes, outputBytes };
}

/**
 * Where a row of too few columns has a tab typed as spaces (it said "found 5" alone): the first such column, or ''. A
 * job id may hold spaces: it is named only where a number follows them, and only where no later column (a number,
 * which cannot hold spaces) has them ("daily etl 7<TAB>122<TAB>21    267631..." named the job id, not column 3).
 */
function spacedColumn(cols: readonly string[]): string {
  const later = cols.findIndex((c, i) => i > 0 && /\S\s+\S/.test(c.trim()));
  const k = later > 0 ? later : /\S\s+[\d.]+([eE][+-]?\d+)?$/.test(cols[0].trim()) ? 0 : -1;
  return k < 0 ? '' : `: column ${k + 1} ${quotedName(cols[k])} holds spaces where a tab should be`;
}

/** What a trace's read counts: a SWIM trace's rows, an SLS JSON or Rumen trace's bytes (of the jobs read), then its jobs converted to a workload and checked. */
export type TraceReadUnit = 'rows' | 'bytes' | 'jobs converted' | 'jobs checked';

/** Told each trace's read while it is set (whileTracesLoad): `done` of `total` `unit`, the trace `file`'s. */
export type TraceRowsListener = (file: string, done: number, total: number, unit: TraceReadUnit) => void;

let rowsListener: TraceRowsListener | undefined;

/** `load()`, each trace it reads telling `listener` its rows or bytes as they are read (a command's progress). */
export function whileTracesLoad<T>(listener: TraceRowsListener | undefined, load: () => T): T {
  const before = rowsListener;
  rowsListener = listener;
  try {
    return load();
  } finally {
    rowsListener = before;
  }
}

/** What a read of trace `file` in `unit` tells, while a listener is set (whileTracesLoad): undefined where none is. */
export function traceReadTold(file: string, unit: TraceReadUnit): ((done: number, total: number) => void) | undefined {
  const listener = rowsListener;
  return listener === undefined ? undefined : (done, total) => listener(file, done, total, unit);
}

export function readSwimTrace(file: string): SwimTrace {
  return drained(swimTraceRead(file));
}

/** readSwimTrace, pausing as swimTraceRows does (the file read at the first step). */
function* swimTraceRead(file: string): Steps<SwimTrace> {
  return yield* swimTraceRows(readTextFile(file, 'trace file'), file, traceReadTold(file, 'rows'));
}

/**
 * The trace path of a swim scenario: relative paths are relative to the scenario file's folder, joined to the
 * scenario's path as given (so an error names `data/x.tsv` for `s.json`'s trace, as the user would write it).
 */
export function tracePath(scenarioFile: string, trace: string): string {
  return isAbsolute(trace) ? trace : join(dirname(scenarioFile), trace);
}

/**
 * Values read from files, each kept with its file's identity then (stampOf): a file edited or replaced since is read
 * again; one that cannot be seen is never kept. A library user's long process saw a trace edited since.
 */
export class StampedCache<T> {
  private readonly held = new Map<string, { stamp: string; value: T }>();

  /** The value for `key`, read from `path` by read() unless the file is as it was; `fresh`: read now. */
  get(key: string, path: string, read: () => T): { value: T; fresh: boolean } {
    return drained(this.getting(key, path, function* () {
      return read();
    }));
  }

  /** get, its read in steps. */
  *getting(key: string, path: string, read: () => Steps<T>): Steps<{ value: T; fresh: boolean }> {
    const stamp = stampOf(path);
    const held = this.held.get(key);
    if (stamp !== undefined && held?.stamp === stamp) return { value: held.value, fresh: false };
    const value = yield* read();
    if (stamp !== undefined) this.held.set(key, { stamp, value });
    return { value, fresh: true };
  }
}

/** Each SWIM trace read. */
const cache = new StampedCache<SwimTrace>();

/** A file's identity and version (undefined when it cannot be seen: reading it then says why). */
export function stampOf(path: string): string | undefined {
  try {
    const st = statSync(path, { bigint: true });
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/**
 * The trace rows a scenario needs (undefined unless its workload is swim); a file is read once per process while it
 * stays as it was (a library user's long process saw the rows of a trace file edited since).
 */
export function traceFor(scenarioFile: string, scenario: Scenario): SwimTrace | undefined {
  return drained(traceRead(scenarioFile, scenario));
}

/** traceFor, a trace not read yet read in steps (swimTraceRows). */
export function* traceRead(scenarioFile: string, scenario: Scenario): Steps<SwimTrace | undefined> {
  if (scenario.workload.kind !== 'swim') return undefined;
  const path = tracePath(scenarioFile, scenario.workload.trace);
  const { value: trace } = yield* cache.getting(path, path, () => within((step) => namedBy(scenarioFile, 'workload.trace', step), swimTraceRead(path)));
  // "ignored" drops the rows' input paths; a trace with none ran as under the default (its digest), silently.
  if (scenario.workload.inputPaths === 'ignored' && trace.inputPaths === undefined) {
    warnOnce(`${scenarioFile}: workload.inputPaths: changes nothing here: "ignored" drops a trace's input paths, and ${path} has none (each row reads a file of its own either way)`);
  }
  return trace;
}
