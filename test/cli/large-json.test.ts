/**
 * JSON inputs far larger than the examples, told in a heap far smaller than they would take read wrongly: the CLI runs
 * under `--max-old-space-size` small enough that a tree of the file's every value, or a string built a character at a
 * time, ends it (V8's "heap out of memory", exit 134), where the files themselves are a few MB.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'hfsim-large-json-'));

/** `hfsim run <file> --dry-run` in a heap of `heapMB`: its exit status and stderr. */
function dryRun(name: string, text: string, heapMB = 48): { status: number | null; stderr: string } {
  const file = join(dir, name);
  writeFileSync(file, text);
  const r = spawnSync(process.execPath, [`--max-old-space-size=${heapMB}`, CLI, 'run', file, '--dry-run'], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

describe('large JSON inputs in a small heap', () => {
  it('a scenario cut short after a million values is told at its end, without a tree of the file (2 MB: its tree passed a 48 MB heap)', () => {
    const { status, stderr } = dryRun('cut.json', `{"name":"x","workload":{"kind":"jobs","jobs":[${Array(1_000_000).fill('0').join(',')}`);
    expect(stderr).toMatch(/cut\.json:1:2000046: invalid JSON: .*\(the file ends there, before its JSON does: is it cut short\?\)\n$/);
    expect(stderr.split('\n')).toHaveLength(2);
    expect(status).toBe(2);
  });
});

describe('a token jsonc-parser builds a character at a time', () => {
  it('is refused past the limit at its line and column: a scenario of 2 M spaces in a row (they passed a 48 MB heap)', () => {
    const { status, stderr } = dryRun('spaces.json', `{"name":"x",\n  "seed":${' '.repeat(2_000_000)}1}`);
    expect(stderr).toMatch(/spaces\.json:2:10: a run of more than 1000000 spaces and tabs, the limit in a row .*\n$/);
    expect(stderr.split('\n')).toHaveLength(2);
    expect(status).toBe(2);
  });

  it('is refused in an SLS trace at its line and column (it named the line alone): a job id of 2 M escapes', () => {
    writeFileSync(join(dir, 'escapes-trace.json'), `\n{"job.id":"${'\\n'.repeat(2_000_000)}"}`);
    const scenario = { name: 'x', cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, workload: { kind: 'sls', trace: 'escapes-trace.json' } };
    const { status, stderr } = dryRun('escapes.json', JSON.stringify(scenario));
    expect(stderr).toMatch(/escapes\.json: workload\.trace: .*escapes-trace\.json:2:11: a string of more than 1000000 escapes .*\n$/);
    expect(stderr.split('\n')).toHaveLength(2);
    expect(status).toBe(2);
  });
});
