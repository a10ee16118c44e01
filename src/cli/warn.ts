/**
 * Warnings on stderr, each line once a process: a sweep resolves its scenario once a point, and a file read again
 * says the same again. A warning is input hfsim runs as the real system would, but a user may not expect.
 */
import { andList } from '../core/shown-value.js';

const warned = new Set<string>();

/** `line` on stderr once a process; `label` (the variants it holds for: warnByVariant) follows it, and is not its key. */
export function warnOnce(line: string, label = ''): void {
  if (quiet > 0) return;
  if (collecting !== undefined) {
    if (!collecting.includes(line)) collecting.push(line);
    return;
  }
  if (warned.has(line)) return;
  warned.add(line);
  process.stderr.write(`hfsim: warning: ${line}${label}\n`);
}

/**
 * A warning about a file's own content that is read once a process and kept (a SWIM, SLS or Rumen trace): written at
 * once, never collected by variant, as it holds for every variant that reads the file, the first alone reading it.
 */
export function warnOfFile(line: string): void {
  const outer = collecting;
  collecting = undefined;
  try {
    warnOnce(line);
  } finally {
    collecting = outer;
  }
}

/** Where warnOnce keeps the lines it is given while `collectWarnings` runs, instead of writing them. */
let collecting: string[] | undefined;

/** Runs `step`, adding the warning lines it gives to `into` (each once, in order; kept if it throws), none written. */
export function collectWarnings<T>(into: string[], step: () => T): T {
  const outer = collecting;
  collecting = into;
  try {
    return step();
  } finally {
    collecting = outer;
  }
}

/**
 * Each variant's warnings (`said[k]` variant `names[k]`'s), written once: a line every variant gave as it is, one that
 * only some gave naming them (` (variant "flat")`). A fluid-only field in a base that one variant runs flat read "this
 * run's model is flat" of a run whose other variant is fluid. `complete`: whether variant k was resolved whole (not
 * failed midway): a line all of those gave is written as it is, as a failed one may have given it too.
 */
export function warnByVariant(names: readonly string[], said: readonly string[][], complete: (k: number) => boolean = () => true): void {
  for (const line of new Set(said.flat())) {
    const by = names.filter((_, k) => said[k].includes(line));
    const everyComplete = said.every((lines, k) => !complete(k) || lines.includes(line));
    warnOnce(line, everyComplete || by.includes('') ? '' : ` (${by.length === 1 ? 'variant' : 'variants'} ${andList(by.map((n) => JSON.stringify(n)))})`);
  }
}

let quiet = 0;

/**
 * Runs `probe` with warnOnce silent (its lines neither written nor counted as said): a scenario resolved again only to
 * place an error (load-scenario.ts: without the --sets, each variant) warned of variants the user had not chosen.
 */
export function quietly<T>(probe: () => T): T {
  quiet++;
  try {
    return probe();
  } finally {
    quiet--;
  }
}
