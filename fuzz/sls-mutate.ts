/**
 * Mutations of SLS JSON and Rumen traces: a file of job objects one after another (hadoop-sls and rumen's
 * JobTraceReader read them as a stream, not an array). One object is mutated as a JSON document (json-mutate.ts), with the trace's own fields as donors, or an
 * object is dropped, repeated, or the stream wrapped in an array; text that does not split into objects, or nests
 * them deeper than JSON.stringify can write back (an earlier mutation's damage), is damaged further as text.
 */
import { type Donors, mutateGently, mutateJson, mutateJsonText } from './json-mutate.js';
import type { Chooser } from './random.js';
import { stringifyPretty } from './values.js';
import { depthOf } from '../src/cli/json-file.js';

export function mutateSls(c: Chooser, text: string): { text: string; what: string } {
  const objects = splitObjects(text);
  const docs = (objects ?? []).map((o) => JSON.parse(o) as unknown);
  // a stream past JSON.stringify's stack once parsed (an earlier mutation nested a field 100,000 deep, as raw text)
  if (docs.length === 0 || !docs.every((d) => depthWithin(d, 2000))) return mutateJsonText(c, text);
  const join = (ds: unknown[]) => ds.map((d) => stringifyPretty(d, true)).join('\n') + '\n';
  const k = c.int(docs.length);
  switch (c.weighted([40, 5, 5, 2])) {
    case 0: {
      const donors = docs.flatMap((d) => donorsOf(d, [], 5));
      if (donors.length === 0) return mutateJsonText(c, text); // every object already a bare value
      const m = (c.chance(0.4) ? mutateGently : mutateJson)(c, docs[k], donors);
      docs[k] = m.doc;
      return { text: join(docs), what: `job object ${k + 1}: ${m.what}` };
    }
    case 1:
      docs.splice(k, 1);
      return { text: join(docs), what: `job object ${k + 1} removed` };
    case 2:
      docs.splice(k, 0, structuredClone(docs[k]));
      return { text: join(docs), what: `job object ${k + 1} repeated` };
    default:
      return { text: stringifyPretty(docs, true) + '\n', what: 'the job objects as one array' };
  }
}

/** The top-level JSON texts of a stream of values ("{...} {...}"), or undefined where one does not parse. */
export function splitObjects(text: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (depth++ === 0) start = i;
    } else if (ch === '}' || ch === ']') {
      if (--depth < 0) return undefined;
      if (depth === 0) out.push(text.slice(start, i + 1));
    } else if (depth === 0 && !/\s/.test(ch)) return undefined;
  }
  if (depth !== 0 || inString) return undefined;
  for (const o of out) {
    try {
      JSON.parse(o);
    } catch {
      return undefined;
    }
  }
  return out;
}

/**
 * The small, shallow values of a job object within `depth` keys of its top, by their keys (SLS keys hold dots, so a
 * dotted path would name other fields): a graft never nests a document deeper than one mutation does (a
 * 2,000-deep nesting grafted into another overflowed JSON.stringify's stack).
 */
function donorsOf(value: unknown, parts: string[], depth: number): Donors {
  if (value === null || typeof value !== 'object' || depth === 0) return [];
  return Object.entries(value).slice(0, 20).flatMap(([key, v]) => {
    const at = [...parts, key];
    const small = depthWithin(v, 4) && stringifyPretty(v, false).length < 2000;
    return [...(small ? [{ path: at.join('.'), parts: at, value: v }] : []), ...donorsOf(v, at, depth - 1)];
  });
}

/** Whether a JSON value nests at most `max` deep (a scalar: 0): load-scenario.ts's depthOf, which stops past the cap. */
const depthWithin = (value: unknown, max: number): boolean => depthOf(value, max) <= max;
