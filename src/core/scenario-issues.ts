/** A scenario's errors in words: each schema issue as one line naming its field path, with the hints that say what was meant. */
import type { z } from 'zod';
import { hasControlChars, hasUnpairedSurrogate, quotedName } from './bounded.js';
import { notGiven } from './nearest-name.js';
import { typeInWords } from './shown-value.js';
import { unknownFields } from './unknown-fields.js';
import { WORKLOAD_KINDS } from './workload-schema.js';

/**
 * Where an object's unknown fields belong, by its path, for formatIssue to say: scheduler.replication holds only a
 * policy's name and its config, so DSBRA's intervalMs, alpha, ... written beside "policy" (as README lists them) are
 * settings for the config.
 */
const UNKNOWN_FIELD_HINTS: ReadonlyMap<string, string> = new Map([
  ['scheduler.replication', "a replication policy's own settings go in scheduler.replication.config"],
]);

/** Pushes a line for each field that `parsed` (the schema's output for `given`) fills in or holds otherwise. */
export function changedFields(given: unknown, parsed: unknown, path: PropertyKey[], errors: string[]): void {
  if (Object.is(given, parsed)) return;
  if (isObject(given) && isObject(parsed) && Array.isArray(given) === Array.isArray(parsed)) {
    for (const key of Object.keys(parsed)) {
      changedFields((given as Record<string, unknown>)[key], (parsed as Record<string, unknown>)[key], [...path, Array.isArray(parsed) ? Number(key) : key], errors);
    }
    return;
  }
  const at = path.length === 0 ? '(top level)' : formatPath(path);
  const shown = (v: unknown): string => (isObject(v) ? 'an object' : typeof v === 'string' ? JSON.stringify(v) : String(v));
  errors.push(given === undefined
    ? `${at}: missing (parseScenario gives ${isObject(parsed) ? 'one with its defaults' : `its default, ${shown(parsed)}`})`
    : `${at}: is ${shown(given)}, where parseScenario gives ${shown(parsed)}`);
}

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/**
 * A workload field another kind reads, said so: `"shared"` beside kind "generated" was only 'unknown field "shared"'
 * (shared inputs are the Facebook mix's).
 */
function otherKindsHint(keys: readonly string[]): string | undefined {
  const said = keys.flatMap((key) => {
    const kinds = WORKLOAD_KINDS.filter((k) => Object.hasOwn(k.shape, key)).map((k) => JSON.stringify(k.shape.kind.value));
    return kinds.length === 0 ? [] : [`${JSON.stringify(key)} is read by workload kind${kinds.length > 1 ? 's' : ''} ${kinds.join(', ')}`];
  });
  return said.length === 0 ? undefined : said.join('; ');
}

/** The value a discriminated union's issue was given for its discriminator, and the values it takes; undefined where none. */
function discriminatorGiven(issue: z.core.$ZodIssueInvalidUnion): { value: unknown; options: readonly unknown[] } | undefined {
  const { discriminator, options, input } = issue as { discriminator?: unknown; options?: unknown; input?: unknown };
  if (typeof discriminator !== 'string' || !Array.isArray(options) || typeof input !== 'object' || input === null) return undefined;
  const value = (input as Record<string, unknown>)[discriminator];
  return value === undefined ? undefined : { value, options };
}

export function formatIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length === 0 ? '(top level)' : formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const hint = UNKNOWN_FIELD_HINTS.get(path) ?? (path === 'workload' ? otherKindsHint(issue.keys) : undefined);
    const settings = hint === undefined ? '' : ` (${hint})`;
    // a parse with fieldErrors has said each key's likely field; another (a bench report's) has zod's words
    return `${path}: ${issue.message.startsWith('unknown field') ? issue.message : unknownFields(issue.keys)}${settings}`;
  }
  if (issue.code === 'invalid_key') return `${path}: ${issue.issues.map((i) => i.message).join('; ')}`;
  // An enumerated field (z.enum, z.literal) names the value given, and the one it is likely meant as ("Facebook":
  // "facebook"); a discriminator given a value no option takes (workload.kind), too.
  if (issue.code === 'invalid_value' && 'input' in issue && issue.input !== undefined) return `${path}: ${issue.message}${notGiven(issue.input, issue.values)}`;
  const tag = issue.code === 'invalid_union' ? discriminatorGiven(issue) : undefined;
  if (tag !== undefined) return `${path}: ${issue.message}${notGiven(tag.value, tag.options)}`;
  // A required field left out (seen where the parse reported its input: parseScenario): say so, rather than "workload:
  // workload.kind must be one of ..." for a scenario with no workload, or zod's "expected string, received undefined".
  if (issue.code === 'invalid_type' && issue.path.length > 0 && 'input' in issue && issue.input === undefined) {
    const zods = /^Invalid input: expected (\w+), received undefined$/.exec(issue.message);
    const what = zods ? `expected ${typeInWords(zods[1])}` : issue.message;
    return `${path}: missing (required): ${what}`;
  }
  // ... and an enumerated field (z.enum, z.literal) left out: its values alone read as if a wrong one had been given
  if (issue.code === 'invalid_value' && issue.path.length > 0 && 'input' in issue && issue.input === undefined) {
    return `${path}: missing (required): ${issue.message.replace(/^Invalid (?:input|option): /, '')}`;
  }
  // ... and a discriminated union's discriminator left out ({ workload: {} }): its issue's input is the object around it
  if (issue.code === 'invalid_union' && 'discriminator' in issue && typeof issue.discriminator === 'string' && 'input' in issue
    && typeof issue.input === 'object' && issue.input !== null && (issue.input as Record<string, unknown>)[issue.discriminator] === undefined) {
    return `${path}: missing (required): ${issue.message}`;
  }
  return `${path}: ${issue.message}${issue.code === 'invalid_type' && issue.expected === 'number' && 'input' in issue && typeof issue.input === 'string' ? quotedNumberHint(issue.input) : ''}`;
}

/**
 * What a number written as a string is told ("racks must be a number" left "10" to puzzle over): the number to write
 * without quotes, and for a percentage ("50%") how a percentage field and a fraction field take it. Other text: nothing.
 */
function quotedNumberHint(text: string): string {
  const t = text.trim();
  if (/^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(t)) return `, not the string ${JSON.stringify(text)}: write ${t}, without quotes`;
  const percent = /^(-?[0-9]+(?:\.[0-9]+)?)\s*%$/.exec(t);
  if (percent === null) return '';
  const fraction = Number((Number(percent[1]) / 100).toPrecision(12));
  return `, not the string ${JSON.stringify(text)}: write a number, without quotes or "%" (a percentage, such as a queue's capacity, is written ${percent[1]}; a fraction from 0 to 1, such as tasks.slowStart, ${fraction})`;
}

/**
 * A field path as "a.b[0].c"; a key holding a control character is quoted, so that the message stays one line, and so
 * is one holding an unpaired surrogate, which JSON.stringify writes as its escape (stderr wrote U+FFFD).
 */
function formatPath(path: PropertyKey[]): string {
  const key = (p: PropertyKey): string => (hasControlChars(String(p)) || hasUnpairedSurrogate(String(p)) ? quotedName(String(p)) : String(p));
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${key(p)}`)).join('');
}
