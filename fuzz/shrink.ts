/**
 * Shrinking a failing case: drop commands, flags, files, JSON fields and array elements, and lines of other files,
 * keeping each cut while the case still fails the same way, until no cut helps or the budget is spent.
 */
import type { Case } from './cases.js';
import type { Verdict } from './classify.js';
import { slots } from './json-mutate.js';
import { raw, stringifyRaw } from './values.js';

export type Probe = (files: Record<string, string>, steps: string[][]) => Promise<Verdict | undefined>;

export interface ShrinkBudget {
  runs: number;
  until: number;
}

/** The same failure: timeouts and memory by kind (their lines carry no cause), the others by signature. */
export function same(a: Verdict, b: Verdict | undefined): boolean {
  if (b === undefined || a.kind !== b.kind) return false;
  return a.kind === 'timeout' || a.kind === 'memory' || a.signature === b.signature;
}

export async function shrinkCase(c: Case, failing: Verdict, failedStep: number, probe: Probe, budget: ShrinkBudget): Promise<Pick<Case, 'files' | 'steps'>> {
  let files = { ...c.files };
  let steps = c.steps.slice(0, failedStep + 1).map((s) => [...s]);
  let runs = 0;
  const left = () => runs < budget.runs && Date.now() < budget.until;
  const tryIt = async (f: Record<string, string>, s: string[][]): Promise<boolean> => {
    // A turn of the event loop each time, so the other cases' time and memory watchdogs keep firing.
    await new Promise((r) => setImmediate(r));
    if (!left()) return false;
    runs++;
    if (!same(failing, await probe(f, s))) return false;
    files = f;
    steps = s;
    return true;
  };
  // Commands before the failing one, then flags (a flag alone, or with its value).
  for (let i = steps.length - 2; i >= 0; i--) await tryIt(files, steps.filter((_, j) => j !== i));
  for (let si = 0; si < steps.length; si++) {
    if (steps[si][0].startsWith('@')) continue;
    for (let i = steps[si].length - 1; i >= 2; i--) {
      for (const n of [2, 1]) {
        if (i + n > steps[si].length) continue;
        const s = steps.map((x, j) => (j === si ? [...x.slice(0, i), ...x.slice(i + n)] : x));
        if (await tryIt(files, s)) break;
      }
    }
  }
  for (const name of Object.keys(files)) {
    const { [name]: _gone, ...rest } = files;
    if (!steps.some((s) => s.includes(name)) && (await tryIt(rest, steps))) continue;
    const accept = (t: string) => tryIt({ ...files, [name]: t }, steps);
    if (!left()) break;
    if (isJson(files[name])) await shrinkJson(files[name], accept, left);
    else await shrinkLines(files[name], accept, left);
  }
  return { files, steps };
}

function isJson(text: string): boolean {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && write(v) !== undefined;
  } catch {
    return false;
  }
}

/** JSON text with infinities written back as 1e400 (JSON.parse reads 1e400 as Infinity; stringify would write null). */
function write(doc: unknown): string | undefined {
  try {
    return stringifyRaw(JSON.parse(JSON.stringify(doc, (_k, v: unknown) => (v === Infinity ? raw('1e400') : v === -Infinity ? raw('-1e400') : v))), 2);
  } catch {
    return undefined; // nested too deep to write
  }
}

async function shrinkJson(text: string, accept: (t: string) => Promise<boolean>, left: () => boolean): Promise<void> {
  let doc = JSON.parse(text) as unknown;
  let progress = true;
  while (progress && left()) {
    progress = false;
    const all = slots(doc, 3000);
    for (let i = 0; i < all.length && !progress && left(); i++) {
      for (const cut of cuts(all[i].parent, all[i].key)) {
        const next = JSON.parse(write(doc)!) as unknown;
        const target = slots(next, 3000)[i];
        if (target === undefined) continue;
        cut(target.parent, target.key);
        const t = write(next);
        if (t !== undefined && (await accept(t))) {
          doc = next;
          progress = true;
          break;
        }
      }
    }
  }
}

type Cut = (parent: Record<string, unknown> | unknown[], key: string | number) => void;

/** Ways to cut a slot: drop it, or for a long array around it, drop half of that array. */
function cuts(parent: Record<string, unknown> | unknown[], key: string | number): Cut[] {
  const drop: Cut = (p, k) => (Array.isArray(p) ? p.splice(k as number, 1) : delete p[k as string]);
  if (!Array.isArray(parent) || parent.length < 8 || key !== 0) return [drop];
  return [(p) => void (p as unknown[]).splice(Math.floor((p as unknown[]).length / 2)), (p) => void (p as unknown[]).splice(0, Math.floor((p as unknown[]).length / 2)), drop];
}

/** Delta debugging over lines: drop chunks of half the lines, then quarters, ... then single lines. */
async function shrinkLines(text: string, accept: (t: string) => Promise<boolean>, left: () => boolean): Promise<void> {
  let lines = text.split('\n');
  for (let size = Math.max(1, Math.floor(lines.length / 2)); size >= 1 && left(); size = size === 1 ? 0 : Math.max(1, Math.floor(size / 2))) {
    for (let start = 0; start < lines.length && left(); ) {
      const next = [...lines.slice(0, start), ...lines.slice(start + size)];
      if (next.length < lines.length && (await accept(next.join('\n')))) lines = next;
      else start += size;
    }
  }
}
