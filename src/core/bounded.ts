/** Zod fields with the bounds of limits.ts (a value past a bound is named with the bound), and the check for a name given twice. */
import { z } from 'zod';
import { MAX_TIME_MS } from './limits.js';

/** The message of a value over its bound: "<what> is <value>, above the limit of <max>". */
export const atMost = (what: string, max: number, unit = '') => ({ error: (issue: { input?: unknown }) => `${what} is ${String(issue.input)}${unit}, above the limit of ${max}${unit}` });

/** The message of a value under its least: "<what> is <value>, below the limit of <min>". */
export const atLeast = (what: string, min: number) => ({ error: (issue: { input?: unknown }) => `${what} is ${String(issue.input)}, below the limit of ${min}` });

/**
 * Adds an issue at path [...at, i, field] for each item whose key an earlier item had, with `message(key)`: the
 * lists whose entries are named (pools, files, jobs, bench cases) name each once.
 */
export function repeatedKeys<T>(ctx: z.RefinementCtx, items: readonly T[], at: ReadonlyArray<string>, field: string, key: (item: T) => string, message: (key: string) => string): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [...at, i, field], message: message(k) });
    seen.add(k);
  });
}

/**
 * Control characters (a tab, a newline, an escape) and the line and paragraph separators U+2028 and U+2029, which end a
 * line for Python's str.splitlines() and many terminals (a results.jsonl line holding one read as two): none may be in
 * a name, which tables, CSV, charts and JSON lines print.
 */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * A name (of a pool, job, file, variant...) as a string of at least one character (`empty`: the message when it has
 * none; omitted, zod's own) and no control character: a newline in a variant's name broke the text tables.
 */
export const nameField = (what: string, empty?: string) => z.string().min(1, empty)
  .refine((s) => !CONTROL.test(s), `${what} must not contain control characters (a tab, a newline...): names are printed in tables and CSV`)
  .refine((s) => !UNPAIRED.test(s), `${what} ${UNPAIRED_WHY}`);

/**
 * A file's path (`what`: the field's name; `empty`: the message when it is empty): a NUL, which no file name may hold,
 * read as Node's own TypeError ("The argument 'path' must be a string, Uint8Array, or URL without null bytes"), the
 * NUL printed raw in the message.
 */
export const pathField = (what: string, empty?: string) => z.string().min(1, empty)
  .refine((s) => !s.includes('\0'), `${what} holds a NUL character (\\u0000), which no file name may hold`);

/** Whether a name read outside a schema (an XML attribute, a trace's column) holds a control character. */
export const hasControlChars = (s: string): boolean => CONTROL.test(s);

/**
 * A name quoted for a message, as JSON writes it but for U+2028 and U+2029, which JSON.stringify leaves raw: a message
 * refusing a name for one broke its own line (hasControlChars).
 */
export const quotedName = (s: string): string => JSON.stringify(s).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/**
 * A surrogate that is not half of a pair (a JSON input's "\ud800" escape alone): UTF-8 has no bytes for it, so the
 * jobs CSV, a sweep's aggregate.csv and the text tables wrote every such character as U+FFFD, and two variants
 * "x\ud800" and "x\udc00" were one name there while the JSON kept them apart. A pair (a character past U+FFFF) is one
 * code point under the u flag, and passes.
 */
const UNPAIRED = /\p{Cs}/u;
const UNPAIRED_WHY = 'must not contain an unpaired surrogate (a \\ud800 to \\udfff escape that is not half of a pair): UTF-8 cannot write it, so the CSV files and tables would write it as U+FFFD, alike for every such name';

/** Whether a name read from JSON outside a schema holds an unpaired surrogate; `unpairedWhy` says why it is refused. */
export const hasUnpairedSurrogate = (s: string): boolean => UNPAIRED.test(s);
export const unpairedWhy = UNPAIRED_WHY;

/** A number field whose wrong type (a string, a boolean) is named by the field: "<what> must be a number". */
export const numberField = (what: string) => z.number({ error: `${what} must be a number` });
/** A number greater than 0. */
export const posNum = (what: string) => numberField(what).positive({ error: `${what} must be greater than 0`, abort: true });
/** An enumerated field, a value it does not take told by the field: '<what> must be "io", "cpu" or "mixed"'. */
export const oneOf = <const T extends readonly [string, ...string[]]>(what: string, values: T) => {
  const quoted = values.map((v) => JSON.stringify(v));
  return z.enum(values, { error: `${what} must be ${quoted.length <= 2 ? quoted.join(' or ') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}` });
};
/** A true-or-false field, its wrong type named by the field (zod's own words were "expected boolean, received string"). */
export const flag = (what: string) => z.boolean({ error: `${what} must be true or false` });

/**
 * Whole numbers from 1 (posInt) or 0 (nonNegInt) up to `max`. The bound is checked first and alone: past 2^53 a
 * number is no longer a safe integer, and 2^53 + 1 got both "must be a whole number" and "above the limit".
 */
export const wholeUpTo = (what: string, max: number) => numberField(what).max(max, { ...atMost(what, max), abort: true }).int(`${what} must be a whole number`);
export const posInt = (what: string, max: number) => wholeUpTo(what, max).positive(`${what} must be at least 1`);
export const nonNegInt = (what: string, max: number) => wholeUpTo(what, max).min(0, `${what} must not be negative`);
/** Whole numbers from `min` to `max`, each bound named as a limit (one message for a value under it, 0 included). */
export const intWithin = (what: string, min: number, max: number) => wholeUpTo(what, max).min(min, atLeast(what, min));

/**
 * A time or duration in ms, 0 up to MAX_TIME_MS. The bound aborts, as wholeUpTo's: a whole time (submitMs, startMs)
 * of 2^53 or 1e300 also got "must be a whole number".
 */
export const timeMs = (what: string) => numberField(what).min(0, `${what} must not be negative`).max(MAX_TIME_MS, { ...atMost(what, MAX_TIME_MS, ' ms'), abort: true });

/** A task duration in ms, above 0 up to MAX_TIME_MS. */
export const durationMs = (what: string) => numberField(what).positive(`${what} must be greater than 0`).max(MAX_TIME_MS, atMost(what, MAX_TIME_MS, ' ms'));
