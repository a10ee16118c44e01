/**
 * The advice of a config left for a plugin that takes none (plugin-config.ts: "remove it, or set it to null in a
 * variant that changes" the plugin), made to name what gave the config, a --set, the variant or the scenario file,
 * and how to drop it there.
 */
import { type ConfigLeft, configLeftIn } from '../core/framework/plugin-config.js';
import type { SetNaming } from './set-naming.js';

/** What a variant's scenario is made of: its file, its variant (name '' for none) and the --sets over it. */
export interface Layers {
  file: string;
  variant: { name: string; overrides: Record<string, unknown> };
  sets: ReadonlyArray<readonly [string, unknown]>;
  naming: SetNaming;
  /** The scenario with its variant applied, before the --sets. */
  beforeSets: Record<string, unknown>;
  /** Whether the error is this variant's alone (named under it), where --variant can leave it out. */
  variantsDiffer: boolean;
}

/** Whether writing `path` writes `field`: the field itself, a path above it, or one within it. */
const touches = (path: string, field: string): boolean => path === field || field.startsWith(`${path}.`) || path.startsWith(`${field}.`);

/** The value at a dotted `path` of `root`, or undefined. */
function valueAt(root: unknown, path: string): unknown {
  let at = root;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** `error` with its takes-no-config advice (if any) naming what gave the config. */
export function configAdviceNamed(error: string, layers: Layers): string {
  const left = configLeftIn(error);
  if (left === undefined) return error;
  return `${error.slice(0, left.at)} (${left.field} "${left.name}" takes no config: ${advice(left, layers)})`;
}

function advice({ configField, nameField }: ConfigLeft, { file, variant, sets, naming, beforeSets, variantsDiffer }: Layers): string {
  const byName = (path: string): string => (path === configField || path.startsWith(`${configField}.`) ? '' : configField.slice(path.length + 1));
  const nulled = naming.set(configField, null);
  const set = [...sets].reverse().find(([path]) => touches(path, configField));
  if (set !== undefined) {
    const [path] = set;
    const inside = byName(path);
    if (inside === '' && valueAt(beforeSets, configField) !== undefined) return `${nulled} removes it, where dropping ${naming.path(path)} would leave the scenario's`;
    const drop = inside === '' ? `drop ${naming.path(path)}` : `leave ${inside} out of ${naming.path(path)}`;
    return variantsDiffer ? `${drop}, or run only the variants whose ${nameField} takes one: ${naming.variant('<name>')}` : drop;
  }
  const setsName = sets.some(([path]) => touches(path, nameField)) ? `, or add ${nulled}` : '';
  const key = Object.keys(variant.overrides).reverse().find((path) => touches(path, configField));
  if (key !== undefined) {
    const inside = byName(key);
    return `${inside === '' ? `remove "${key}" from` : `leave ${inside} out of "${key}" in`} variant "${variant.name}"${setsName}`;
  }
  const variantNames = Object.keys(variant.overrides).some((path) => touches(path, nameField)) ? `, or set "${configField}": null in variant "${variant.name}"` : '';
  return `remove ${configField} from ${file}${variantNames}${setsName}`;
}
