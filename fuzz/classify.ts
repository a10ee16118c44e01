/**
 * Judges a command's outcome. Fine: exit 0 with nothing internal on stderr (and, for `run --json`, a result whose
 * numbers hold together), or exit 2 with every stderr line a user-facing message ("hfsim: ..." or commander's
 * "error: ..."). Everything else is a finding: another exit code, a signal, a stack trace, an engine message, a
 * command over its time or memory limit.
 */
import type { Outcome } from './exec.js';

export interface Verdict {
  /** timeout, memory, signal, exit, stack, internal, message, result */
  kind: string;
  /** What makes two findings the same bug: the kind and the first offending line, numbers and names blanked. */
  signature: string;
  /** The line that shows it. */
  detail: string;
}

const STACK = /^\s+at\s+\S.*(\(.*\)|:\d+:\d+)$/m;
const ENGINE = new RegExp([
  'Cannot read propert', 'Cannot set propert', 'Cannot convert', 'is not a function', 'is not iterable', 'is not defined',
  'is not a constructor', 'Invalid typed array length', 'Invalid array length', 'Invalid string length', 'Maximum call stack',
  'out of memory', 'allocation failed', 'Fatal JavaScript', 'Unexpected token', 'TypeError', 'RangeError', 'ReferenceError',
  'SyntaxError', 'AssertionError', '\\[object Object\\]', '\\(node:\\d+\\)', 'ERR_[A-Z_]{3,}', 'Error: ', 'DataCloneError',
].join('|'));
const USER_LINE = /^(hfsim: |error: |\(run hfsim.*--help for usage\)$|\(Did you mean .*\?\)$)/;

/** Numbers, quoted text and file names blanked, so one bug with different values is one signature. */
export function normalize(line: string): string {
  return line
    .replace(/^hfsim: /, '')
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"')
    .replace(/\S*[/\\]\S*|\S+\.(json|xml|tsv|csv|html|jsonl)\b/g, '<file>')
    .replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi, 'N')
    .slice(0, 120);
}

const lines = (s: string): string[] => s.split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');

export function judge(o: Outcome, hint: string): Verdict | undefined {
  const command = o.argv[0] ?? '';
  const first = (s: string) => lines(s)[0] ?? '';
  const finding = (kind: string, line: string, key = normalize(line)): Verdict => ({ kind, signature: `${kind} ${command}: ${key}`, detail: line.slice(0, 500) });
  if (o.over === 'time') return finding('timeout', `over the time limit (${o.ms} ms)`, hint);
  if (o.over === 'memory') return finding('memory', `over the memory limit (${o.peakMb} MB resident in one process; ${o.peakTotalMb} MB in its ${o.processes} processes)`, hint);
  const stack = STACK.exec(o.stderr);
  const engine = lines(o.stderr).find((l) => ENGINE.test(l));
  if (o.signal !== null) return finding('signal', `killed by ${o.signal}: ${engine ?? first(o.stderr)}`, `${o.signal} ${normalize(engine ?? first(o.stderr))}`);
  // `sweep merge` that lacks points exits 4 with its message (IncompleteError): judged as exit 2 is.
  const incomplete = o.code === 4 && command === 'sweep' && o.argv[1] === 'merge';
  if (o.code !== 0 && o.code !== 2 && !incomplete) return finding('exit', `exit ${o.code}: ${first(o.stderr)}`, `${o.code} ${normalize(engine ?? first(o.stderr))}`);
  if (stack) return finding('stack', engine ?? first(o.stderr));
  if (engine) return finding('internal', engine);
  if (o.code === 2 || incomplete) {
    const all = lines(o.stderr);
    if (all.length === 0) return finding('message', `exit ${o.code} with nothing on stderr`, 'silent');
    // An incomplete merge lists the missing points under its first line.
    const odd = incomplete ? (USER_LINE.test(all[0]) ? undefined : all[0]) : all.find((l) => !USER_LINE.test(l));
    if (odd !== undefined) return finding('message', `exit ${o.code} with a line that is not a user message: ${odd}`);
    return undefined;
  }
  const help = o.argv.includes('--help') || o.argv.includes('-h');
  if (command === 'run' && o.argv.includes('--json') && !help && !o.stdoutCut) {
    const bad = checkResults(o.stdout);
    if (bad) return finding('result', bad);
  }
  return undefined;
}

interface JobRow { id: string; maps: number; submitMs: number; finishMs: number; responseMs: number; nodeLocalMaps: number; rackLocalMaps: number; offRackMaps: number }

/** The result JSON of `run --json` holds together: finite non-negative numbers, shares in [0, 1], jobs that add up. */
export function checkResults(stdout: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch (e) {
    return `--json printed invalid JSON (${(e as Error).message.slice(0, 80)})`;
  }
  const results = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ summary: Record<string, unknown>; bins: unknown[]; jobs: JobRow[] }>;
  for (const r of results) {
    const where = badNumber(r.summary, 'summary') ?? badNumber(r.bins, 'bins');
    if (where) return where;
    for (const share of ['node', 'rack', 'off'] as const) {
      const v = (r.summary.locality as Record<string, number>)[share];
      if (v > 1) return `summary.locality.${share} is ${v}`;
    }
    if (r.summary.jobs !== r.jobs.length) return `summary.jobs ${String(r.summary.jobs)} but ${r.jobs.length} jobs listed`;
    for (const j of r.jobs) {
      if (badNumber(j, 'job')) return `job ${j.id}: ${badNumber(j, 'job')}`;
      if (j.finishMs < j.submitMs || j.responseMs !== j.finishMs - j.submitMs) return `job ${j.id}: submit ${j.submitMs}, finish ${j.finishMs}, response ${j.responseMs}`;
      if (j.nodeLocalMaps + j.rackLocalMaps + j.offRackMaps !== j.maps) return `job ${j.id}: ${j.maps} maps but localities add to ${j.nodeLocalMaps + j.rackLocalMaps + j.offRackMaps}`;
    }
  }
  return undefined;
}

/** The path of a null (NaN in JSON), infinite or negative number under `v`. */
function badNumber(v: unknown, path: string): string | undefined {
  if (v === null) return `${path} is null (NaN or Infinity)`;
  if (typeof v === 'number') return !Number.isFinite(v) || v < 0 ? `${path} is ${v}` : undefined;
  if (typeof v !== 'object') return undefined;
  for (const [k, x] of Object.entries(v)) {
    const bad = badNumber(x, `${path}.${k}`);
    if (bad) return bad;
  }
  return undefined;
}
