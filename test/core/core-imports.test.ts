/**
 * src/core is the simulator without its command line: none of its modules imports src/cli (types included), so the
 * library (src/index.ts) and the workers load no CLI code. A position in an input file (`file:line`) is core's
 * file-position.ts, which the CLI re-exports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { filePosition } from '../../src/core/file-position.js';
import { swimRowField } from '../../src/core/job-arrivals.js';

const CORE = join(import.meta.dirname, '..', '..', 'src', 'core');

it('no module of src/core imports src/cli', () => {
  const files = readdirSync(CORE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThan(50);
  const imports = files.flatMap((f) => [...readFileSync(join(CORE, f), 'utf8').matchAll(/(?:from\s*|import\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => `${f}: ${m[1]}`));
  expect(imports.filter((i) => /(^|\/)cli\//.test(i.split(': ')[1]!))).toEqual([]);
});

it('a SWIM row is named at its line as every trace error is, by filePosition', () => {
  const trace = { file: 't.tsv', ids: ['a', 'b'], submitS: new Float64Array(2), inputBytes: new Float64Array(2), shuffleBytes: new Float64Array(2), outputBytes: new Float64Array(2) };
  expect(swimRowField(trace, 1)).toBe(`workload.trace: ${filePosition('t.tsv', 2)}: job b`);
  expect(swimRowField({ ...trace, file: '' }, 0)).toBe('workload.trace (job a)');
});
