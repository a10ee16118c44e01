/** What an object's unknown fields are told: each named, with the known field it is likely meant as ("clustr": "cluster"). */
import type { z } from 'zod';
import { didYouMean } from './nearest-name.js';

/**
 * Fields an object schema tells as written in the wrong object, where they go instead of the nearest name (a listed
 * job's "maps" read "did you mean "mapMs"?", where its maps are its input's blocks): registered by the schema that
 * owns them (misplacedFields), read by the parse's error map from the issue's schema.
 */
const misplaced = new WeakMap<object, Readonly<Record<string, string>>>();

/** `schema`, whose unknown fields in `where` are told where they belong (what each key says), not their nearest name. */
export function misplacedFields<T extends object>(schema: T, where: Readonly<Record<string, string>>): T {
  misplaced.set(schema, where);
  return schema;
}

/** ' (did you mean "x"?)', or where the field belongs, as its object's schema says; '' where nothing is close. */
function hint(key: string, known: readonly string[], where: Readonly<Record<string, string>>): string {
  return Object.hasOwn(where, key) ? ` (${where[key]})` : didYouMean(key, known);
}

/** 'unknown field "clustr" (did you mean "cluster"?)', or 'unknown fields "a", "b"', each key with its suggestion. */
export function unknownFields(keys: readonly string[], known: readonly string[] = [], where: Readonly<Record<string, string>> = {}): string {
  return `unknown field${keys.length > 1 ? 's' : ''} ${keys.map((k) => `${JSON.stringify(k)}${hint(k, known, where)}`).join(', ')}`;
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
export const fieldErrors: z.core.$ZodErrorMap = (issue) => (issue.code === 'unrecognized_keys'
  ? unknownFields(issue.keys, listedFields(issue.inst), (issue.inst !== undefined && misplaced.get(issue.inst)) || {}) : undefined);
