/**
 * README documents every field a scenario or sweep file may hold: each property name of schema/scenario.schema.json
 * and schema/sweep.schema.json (generated from the zod schemas, built-in plugins' settings included) appears in
 * README's code, inline (`name`, `"name": 1`, `{ name, weight: 1 }`) or in an indented block. A new user writes a
 * first scenario from README alone: chart titles, a group's pool and priority, the priorities themselves were in no
 * line of it. Each enumerated value too (policy names, delay modes, workload kinds, sizes, types, priorities).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** README's code: its inline code spans and its indented blocks. */
const code = [...README.matchAll(/`([^`\n]+)`/g)].map((m) => m[1])
  .concat(README.split('\n').filter((line) => line.startsWith('    '))).join('\n');

/** Every property name and enum value (strings) a schema holds, anywhere in it. */
function names(node: unknown, props: Set<string>, values: Set<string>): void {
  if (typeof node !== 'object' || node === null) return;
  const n = node as Record<string, unknown>;
  if (typeof n.properties === 'object' && n.properties !== null) for (const key of Object.keys(n.properties)) props.add(key);
  if (Array.isArray(n.enum)) for (const v of n.enum) if (typeof v === 'string') values.add(v);
  if (typeof n.const === 'string') values.add(n.const);
  for (const child of Object.values(n)) names(child, props, values);
}

const props = new Set<string>();
const values = new Set<string>();
for (const file of ['scenario.schema.json', 'sweep.schema.json']) names(JSON.parse(readFileSync(join(ROOT, 'schema', file), 'utf8')), props, values);
const inCode = (word: string): boolean => new RegExp(`(^|[^\\w$-])${word.replace(/[$.]/g, '\\$&')}($|[^\\w-])`, 'm').test(code);

describe('README names every field of the scenario and sweep files', () => {
  it('reads the schemas', () => {
    expect(props.size).toBeGreaterThan(100);
    expect(values).toContain('VERY_LOW');
  });

  it.each([...props].sort())('field %s', (field) => {
    expect(inCode(field), `README's code never names the field "${field}"`).toBe(true);
  });

  it.each([...values].sort())('value %s', (value) => {
    // a value may stand quoted in a table's cell too (| `pick` | "consecutive" |)
    expect(inCode(value) || README.includes(`"${value}"`), `README never names the value "${value}"`).toBe(true);
  });
});

describe("README's scenario table gives the schema's defaults", () => {
  // rows such as | `cluster.racks`, `nodesPerRack` | 4, 25 | ... |: the fields of one section and their defaults, in order
  const lines = README.split('\n');
  const table = lines.slice(lines.indexOf('| field | default | range, meaning |'));
  const rows = table.slice(0, table.indexOf('')).filter((l) => /^\| `(cluster|hdfs|tasks|scheduler)\.\w+`/.test(l));
  /** A cell's values, split at its commas outside parentheses ("max(3,000, 1,000 per 100 nodes)" is one). */
  const values = (cell: string): string[] => {
    const out = [''];
    let depth = 0;
    for (const [i, ch] of [...cell].entries()) {
      depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
      if (ch === ',' && depth === 0 && cell[i + 1] === ' ') out.push('');
      else out[out.length - 1] += ch;
    }
    return out.map((v) => v.trim());
  };
  const parsed = parseScenario({ workload: { kind: 'facebook' } });
  const defaults = (parsed.ok ? parsed.value : {}) as Record<string, Record<string, unknown>>;

  it('has the rows', () => expect(rows.length).toBeGreaterThan(8));

  it.each(rows.map((r) => [r.split(' | ')[0].slice(2), r] as const))('%s', (_fields, row) => {
    const [fieldCell, defaultCell] = row.slice(2).split(' | ');
    const fields = [...fieldCell.matchAll(/`([\w.]+)`/g)].map((m) => m[1]);
    const section = fields[0].split('.')[0];
    const given = values(defaultCell);
    fields.forEach((f, i) => {
      const value = defaults[section][f.split('.').at(-1)!];
      const shown = given[i]?.replace(/\s*\(.*$/, '');
      if (typeof value === 'number') expect(Number(shown?.replace(/,/g, '')), `${f}: README says ${given[i]}`).toBe(value);
      else if (typeof value === 'boolean' || typeof value === 'string') expect(shown, `${f}: README says ${given[i]}`).toBe(typeof value === 'string' ? JSON.stringify(value) : String(value));
    });
  });
});
