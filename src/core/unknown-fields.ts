/** What an object's unknown fields are told: each named, with the known field it is likely meant as ("clustr": "cluster"). */
import type { z } from 'zod';
import { didYouMean } from './nearest-name.js';

/**
 * Fields written where another object takes them, told where they go instead of the nearest name: a listed job's
 * "maps" read "did you mean "mapMs"?", where its maps are its input's blocks.
 */
const ELSEWHERE: ReadonlyArray<{ key: string; in: (known: readonly string[]) => boolean; why: string }> = [
  { key: 'maps', in: (known) => known.includes('input') && known.includes('mapMs'), why: 'a listed job\'s maps are its input file\'s blocks, workload.files[].blocks; "maps" is a generated group\'s field' },
];

/** ' (did you mean "x"?)', or where the field belongs to another object, where it goes; '' where nothing is close. */
function hint(key: string, known: readonly string[]): string {
  const elsewhere = ELSEWHERE.find((e) => e.key === key && e.in(known));
  return elsewhere === undefined ? didYouMean(key, known) : ` (${elsewhere.why})`;
}

/** 'unknown field "clustr" (did you mean "cluster"?)', or 'unknown fields "a", "b"', each key with its suggestion. */
export function unknownFields(keys: readonly string[], known: readonly string[] = []): string {
  return `unknown field${keys.length > 1 ? 's' : ''} ${keys.map((k) => `${JSON.stringify(k)}${hint(k, known)}`).join(', ')}`;
}

/** The fields a strict object lists (an unknown-keys issue's `inst`), or none where it is no object schema. */
function listedFields(inst: unknown): string[] {
  const shape = (inst as { _zod?: { def?: { shape?: unknown } } } | undefined)?._zod?.def?.shape;
  return typeof shape === 'object' && shape !== null ? Object.keys(shape) : [];
}

/**
 * A parse's error map (`schema.safeParse(raw, { error: fieldErrors })`): an object's unknown fields are told as
 * unknownFields, each with the field of that object it is likely meant as, which only the parse knows; the rest: zod's.
 */
export const fieldErrors: z.core.$ZodErrorMap = (issue) => (issue.code === 'unrecognized_keys' ? unknownFields(issue.keys, listedFields(issue.inst)) : undefined);
