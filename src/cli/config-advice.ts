/**
 * The advice of a config left for a plugin that takes none (plugin-config.ts), or of a field the policy ignores
 * (policy-fields.ts), both "remove it, or set it to null in a variant that changes" the plugin, made to name what gave
 * the field or the plugin, a --set (or a sweep's set entry or axis value), the variant or the scenario file, and how
 * to drop it there. What the issue is about comes as data beside its line (field-unread.ts), never from its words.
 */
import { type ScenarioIssue, endsInAdvice } from '../core/field-unread.js';
import type { SetNaming } from './set-naming.js';
import { variantNamed } from './format.js';

/** What a variant's scenario is made of: its file, its variant (name '' for none) and the sets over it, in order. */
export interface Layers {
  file: string;
  variant: { name: string; overrides: Record<string, unknown> };
  /** hfsim run's --sets, or a sweep's set entries and then its axes' values at the point. */
  sets: ReadonlyArray<readonly [string, unknown]>;
  naming: Pick<SetNaming, 'set' | 'path'>;
  /** The scenario with its variant applied, before the sets. */
  beforeSets: Record<string, unknown>;
  /**
   * How to keep the config for the runs whose plugin (`nameField`) takes one, where a set gave it to all (hfsim run's
   * other variants, a sweep's other points); undefined where no other run differs.
   */
  others?: (nameField: string, configField: string) => string | undefined;
  /** Whether a set is given to every run (true unless told: a sweep's axis value is given to its points alone). */
  everyRun?: (path: string) => boolean;
}

/** The others of hfsim run's Layers: where the error is this variant's alone (named under it), --variant can leave it out. */
export const variantsTaking = (naming: Pick<SetNaming, 'variant'>) => (nameField: string): string =>
  `run only the variants whose ${nameField} takes one: ${naming.variant('<name>')}`;

/**
 * The Layers of a sweep's point beside its base and variant: its set entries, then its axes' values (`axes`: the
 * point's value of each axis but "variant"); `variantsName`: whether the variants swept name the plugin at a field.
 */
export function sweepPointLayers(set: Record<string, unknown>, axes: Record<string, unknown>, variantsName: (field: string) => boolean): Pick<Layers, 'sets' | 'naming' | 'others' | 'everyRun'> {
  const isAxis = (path: string): boolean => Object.hasOwn(axes, path);
  const shown = (value: unknown): string => JSON.stringify(value) ?? String(value);
  return {
    sets: [...Object.entries(set), ...Object.entries(axes)],
    naming: {
      path: (path) => (isAxis(path) ? `the value ${shown(axes[path])} of axis "${path}"` : `"set"'s "${path}"`),
      set: (path, value) => (isAxis(path) ? `${shown(value)} in axis "${path}"` : `"${path}": ${shown(value)} in "set"`),
    },
    others: (nameField, configField) => {
      if (Object.keys(axes).some((path) => touches(path, nameField) && !touches(path, configField))) return `write each ${nameField} as a variant of the base, with its own ${configField}, and sweep those (axes.variant)`;
      return variantsName(nameField) ? `sweep only the variants whose ${nameField} takes one (axes.variant)` : undefined;
    },
    everyRun: (path) => !isAxis(path),
  };
}

/** Whether writing `path` writes `field`: the field itself, a path above it, or one within it. */
export const touches = (path: string, field: string): boolean => path === field || field.startsWith(`${path}.`) || path.startsWith(`${field}.`);

/** The value at a dotted `path` of `root`, or undefined. */
function valueAt(root: unknown, path: string): unknown {
  let at = root;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/**
 * `issue`'s line with the advice it ends in for a field its plugin reads none of (a config for a plugin that takes
 * none, a field the policy ignores), if any, made to name what gave the field; read from the issue's data, not its words.
 */
export function configAdviceNamed({ message, unread }: ScenarioIssue, layers: Layers): string {
  if (unread === undefined || !endsInAdvice(message, unread)) return message;
  const { text, then } = unread.advice;
  return `${message.slice(0, message.length - text.length - then.length)}${advice(unread.field, unread.plugin.path, layers, unread.kind === 'field-ignored')}${then}`;
}

/**
 * How to drop `configField`, which the plugin `nameField` names takes no part of, where it was given; `dropNamer`: a
 * set that names the plugin for every run is named first, as what to drop (the field may serve the file's own plugin).
 */
function advice(configField: string, nameField: string, { file, variant, sets, naming, beforeSets, others, everyRun = () => true }: Layers, dropNamer: boolean): string {
  const byName = (path: string): string => (path === configField || path.startsWith(`${configField}.`) ? '' : configField.slice(path.length + 1));
  const nulled = naming.set(configField, null);
  const keep = others?.(nameField, configField);
  const set = [...sets].reverse().find(([path]) => touches(path, configField));
  if (set !== undefined) {
    const [path] = set;
    const inside = byName(path);
    if (inside === '' && valueAt(beforeSets, configField) !== undefined) return `${nulled} removes it, where dropping ${naming.path(path)} would leave the scenario's`;
    const drop = inside === '' ? `drop ${naming.path(path)}` : `leave ${inside} out of ${naming.path(path)}`;
    return keep === undefined ? drop : `${drop}, or ${keep}`;
  }
  const namers = sets.filter(([path]) => touches(path, nameField));
  const namer = [...namers].reverse().find(([path]) => everyRun(path));
  if (dropNamer && namer !== undefined) return `drop ${naming.path(namer[0])}, or add ${nulled}`;
  const setsName = namer !== undefined ? `, or add ${nulled}` : '';
  const key = Object.keys(variant.overrides).reverse().find((path) => touches(path, configField));
  if (key !== undefined) {
    const inside = byName(key);
    return `${inside === '' ? `remove "${key}" from` : `leave ${inside} out of "${key}" in`} ${variantNamed(variant.name)}${setsName}`;
  }
  const variantNames = Object.keys(variant.overrides).some((path) => touches(path, nameField)) ? `, or set "${configField}": null in ${variantNamed(variant.name)}` : '';
  const someRunsName = keep !== undefined && setsName === '' && namers.length > 0 ? `, or ${keep}` : '';
  return `remove ${configField} from ${file}${variantNames}${setsName}${someRunsName}`;
}
