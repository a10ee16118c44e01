/** capacity-scheduler.xml's <property> elements, read as Hadoop's Configuration reads them (final, ${var}), and their values as numbers and percentages. */
import { InputError } from './errors.js';
import { type El, elementAt } from './xml.js';
import { filePosition } from './file-position.js';
import { decimal, javaFloat, javaInt, javaTrim, keptByJavaTrim } from './decimal.js';

export interface Property {
  name: string;
  value: string;
  /** Where its <property> element's "<" stands, from 1. */
  line: number;
  column: number;
}

/** A property's position as messages name it: `file:line:column`. */
export const propertyAt = (file: string, p: Property): string => filePosition(file, p.line, p.column);

export type Fail = (p: Property, message: string) => never;

/** What a property may say of itself that changes nothing (Configuration's source and tag, elements or attributes). */
const PROPERTY_NOTES = new Set(['source', 'tag']);

/**
 * The <property> elements, by name; a later definition replaces an earlier one, as in Hadoop's Configuration, unless
 * the earlier is marked <final>true</final>: Configuration keeps a final value and ignores (with a warning) any later.
 */
export function properties(root: El, file: string, warnings: string[]): Map<string, Property> {
  const out = new Map<string, Property>();
  const final = new Set<string>();
  /** Attributes Configuration passes over, by name: the lines of the properties that have each (told once a name). */
  const passedOver = new Map<string, El[]>();
  for (const el of root.children) {
    if (el.name !== 'property') throw new InputError(`${elementAt(file, el)}: unknown element <${el.name}> in <configuration> (expected <property>)`);
    // Configuration's short form first (<property name="..." value="..." final="true"/>), its child elements after,
    // which win, as Configuration's parser reads them in that order.
    let name: string | undefined;
    let value: string | undefined;
    let isFinal = false;
    for (const [k, v] of Object.entries(el.attrs)) {
      if (k === 'name') name = javaTrim(v);
      else if (k === 'value') value = javaTrim(v);
      else if (k === 'final') isFinal = javaTrim(v) === 'true';
      // Configuration's parser passes over attributes it does not read: told, not refused (a long-form file with a
      // description="..." attribute ran before the short form was read)
      else if (!PROPERTY_NOTES.has(k)) passedOver.set(k, [...(passedOver.get(k) ?? []), el]);
    }
    for (const c of el.children) {
      // An element inside a name or value: Configuration's reader (a DOM one before Hadoop 3, StAX after) reads such a
      // value differently by version, and hfsim joined the text around it, the element unseen (<value>6<x/>0</value>: 60).
      if ((c.name === 'name' || c.name === 'value' || c.name === 'final') && c.children.length > 0) {
        throw new InputError(`${elementAt(file, c.children[0])}: unknown element <${c.children[0].name}> in <${c.name}>: a property's ${c.name} is its text alone`);
      }
      if (c.name === 'name') name = c.text;
      else if (c.name === 'value') value = c.text;
      else if (c.name === 'final') isFinal = c.text === 'true';
      else if (c.name !== 'description' && !PROPERTY_NOTES.has(c.name)) throw new InputError(`${elementAt(file, c)}: unknown element <${c.name}> in <property>`);
    }
    if (name === undefined || name === '') throw new InputError(`${elementAt(file, el)}: <property> has no <name>`);
    if (value === undefined) {
      const attrs = Object.keys(el.attrs).filter((k) => passedOver.has(k));
      throw new InputError(`${elementAt(file, el)}: ${name}: <property> has no <value>${attrs.length > 0 ? ` (it has ${attrs.map((k) => `"${k}"`).join(', ')}, an attribute Configuration does not read)` : ''}`);
    }
    if (final.has(name)) {
      if (out.get(name)!.value === value) continue; // the same value: Configuration says nothing
      warnings.push(`${elementAt(file, el)}: ${name}: a final property is set again (first at line ${out.get(name)!.line}): ignored, as Hadoop's Configuration ignores it`);
      continue;
    }
    if (isFinal) final.add(name);
    out.delete(name); // keep file order by last definition
    out.set(name, { name, value, line: el.line, column: el.column });
  }
  for (const [attr, els] of passedOver) {
    // one property: its position (file:line:column); several: their lines, in words
    const lines = els.map((e) => e.line);
    const at = els.length === 1 ? elementAt(file, els[0]) : `${file}: lines ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? ` and ${lines.length - 5} more` : ''}`;
    warnings.push(`${at}: attribute "${attr}" of <property>: ignored, as Hadoop's Configuration ignores it (it reads name, value, final, source and tag)`);
  }
  return out;
}

/** Hadoop Configuration's variable: ${name}, the name holding no '}', '$' or space (VAR_PATTERN). */
export const VARIABLE = /\$\{([^}$ ]+)\}/;
/** Configuration's MAX_SUBST: substitution rounds before it gives up ("Variable substitution depth too large"). */
const MAX_SUBST = 20;

/**
 * Hadoop Configuration's variable substitution (substituteVars), from the file's own properties: each ${name} in a
 * value is replaced by that property's value, again and again, at most MAX_SUBST times. A variable that names no
 * property (Hadoop would look in the JVM's system properties and, for ${env.X}, the environment), names its own
 * property, or never ends is left as written, as Hadoop leaves an unbound one: read, the value is refused, saying so.
 * (Values were read as written: capacity "${cap}" was "not a number", root.queues "${queues}" a queue of that name.)
 * Gives the names the substitutions read: those properties are not warned of as ignored.
 */
export function substitute(props: Map<string, Property>): Set<string> {
  const raw = new Map([...props].map(([name, p]) => [name, p.value]));
  const used = new Set<string>();
  for (const p of props.values()) {
    let value = p.value;
    for (let round = 0; round < MAX_SUBST; round++) {
      const m = VARIABLE.exec(value);
      const by = m === null || m[1] === p.name ? undefined : raw.get(m[1]);
      if (by === undefined) break;
      used.add(m![1]);
      value = value.slice(0, m!.index) + by + value.slice(m!.index + m![0].length);
    }
    if (!VARIABLE.test(value)) p.value = value;
  }
  return used;
}

export function num(p: Property, fail: Fail): number {
  const n = decimal(p.value);
  if ( !Number.isFinite(n)) fail(p, `must be a number, not "${p.value}"${keptByJavaTrim(p.value)}`);
  return n;
}

/**
 * A value YARN reads with getInt (Integer.parseInt, or hexadecimal after "0x": "1e1" and "40.0" are refused; they were
 * read as 10 and 40, and "0x0A" refused).
 */
export function int(p: Property, fail: Fail): number {
  const n = javaInt(p.value);
  if (!Number.isNaN(n)) return n;
  if (!/^-?0[xX]/.test(javaTrim(p.value))) num(p, fail); // hexadecimal is a number to getInt: its own message
  return fail(p, `must be a whole number YARN reads as an int (Integer.parseInt: no fraction or exponent, -2147483648 to 2147483647; or hexadecimal after 0x), not "${p.value}"`);
}

/** A value YARN reads with getFloat (Float.parseFloat: "50f" is 50; it was refused here). */
export function float(p: Property, fail: Fail): number {
  const n = javaFloat(p.value);
  if (!Number.isFinite(n)) fail(p, `must be a number, not "${p.value}"${keptByJavaTrim(p.value)}`);
  return n;
}

/** A percentage in (0, 100], or [0, 100] where YARN accepts 0 (a queue's capacity and maximum-capacity). */
export function percent(p: Property, fail: Fail, zero = false): number {
  if (/^\[|w$/i.test(p.value)) fail(p, `absolute resources and weights ("${p.value}") are not modelled: give a percentage`);
  const n = float(p, fail);
  if (zero ? n < 0 || n > 100 : n <= 0 || n > 100) fail(p, `must be a percentage ${zero ? 'from 0 to 100' : 'greater than 0 and at most 100'}, not "${p.value}"`);
  return n;
}
