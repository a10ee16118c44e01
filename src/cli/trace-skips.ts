/**
 * The warnings of an SLS or Rumen trace's read: each job skipped (as SLS skips it, or as hfsim cannot replay it) and
 * each whose submit time is reset to 0, a line each up to SHOWN, then one line for the rest, counted by reason: a real
 * trace can skip thousands, and a line each buried the run's own output.
 */
import type { SlsTrace } from './sls.js';
import { counted } from './format.js';
import { warnOfFile } from './warn.js';

export const SHOWN = 10;

export function warnTraceSkips(path: string, trace: Pick<SlsTrace, 'skipped' | 'reset'>): void {
  const { skipped } = trace;
  // SLS logs each such job ("Failed to create an AM") and replays the others.
  for (const j of skipped.slice(0, SHOWN)) warnOfFile(`${path}:${j.line}: job "${j.id}" skipped${j.slsRuns === true ? '' : ', as SLS skips it'}: ${j.why}`);
  if (skipped.length > SHOWN) {
    const rest = skipped.slice(SHOWN);
    const byReason = new Map<string, number>();
    for (const j of rest) byReason.set(j.reason, (byReason.get(j.reason) ?? 0) + 1);
    const reasons = [...byReason].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${n.toLocaleString('en-US')} with ${reason}`);
    warnOfFile(`${path}: ${counted(rest.length, 'more job')} skipped (${lineSpan(rest)}), not listed one by one: ${reasons.join(', ')}`);
  }
  const reset = trace.reset ?? [];
  for (const j of reset.slice(0, SHOWN)) {
    const when = 'unknown' in j ? 'has submitTime -1 (Rumen\'s "not known")' : `was submitted ${j.earlierMs} ms before the file's first job, the trace's time 0`;
    warnOfFile(`${path}:${j.line}: job "${j.id}" ${when}: its submit time is reset to 0, as SLS resets it`);
  }
  if (reset.length > SHOWN) {
    const rest = reset.slice(SHOWN);
    const unknown = rest.filter((j) => 'unknown' in j).length;
    const parts = [unknown > 0 ? `${unknown.toLocaleString('en-US')} with submitTime -1` : '', unknown < rest.length ? `${(rest.length - unknown).toLocaleString('en-US')} submitted before the file's first job` : ''].filter((p) => p !== '');
    warnOfFile(`${path}: ${counted(rest.length, 'more job')} (${lineSpan(rest)}) ${rest.length === 1 ? 'has its submit time' : 'have their submit times'} reset to 0, as SLS resets them, not listed one by one: ${parts.join(', ')}`);
  }
}

/** The lines of the jobs a summary counts: "line 12", or "lines 12 to 40". */
const lineSpan = (rest: ReadonlyArray<{ line: number }>): string => (rest.length === 1 ? `line ${rest[0].line}` : `lines ${rest[0].line} to ${rest[rest.length - 1].line}`);
