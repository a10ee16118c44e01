/**
 * Golden digests of every canonical scenario variant. A changed digest means the simulated outcome changed:
 * if that is intended, regenerate with UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts and say why in the commit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simulate } from '../src/actors/simulate.js';
import { canonicalScenarios } from './helpers.js';

const FILE = join(import.meta.dirname, 'golden', 'digests.json');
const golden = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>;
const update = process.env.UPDATE_GOLDEN === '1';
const seen: Record<string, string> = {};

describe.each(canonicalScenarios())('golden digest: $file / $variant', ({ file, variant, scenario, trace }) => {
  it('matches', async () => {
    const r = await simulate(scenario, { variant, timeDecisions: false, trace });
    const key = `${file} / ${variant}`;
    seen[key] = r.digest;
    if (!update) expect(r.digest).toBe(golden[key]);
  });
});

afterAll(() => {
  if (update) writeFileSync(FILE, JSON.stringify(seen, Object.keys(seen).sort(), 2) + '\n');
});
