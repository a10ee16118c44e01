/**
 * Golden digests of every canonical scenario variant, and the invariants over each whole run (one audited run serves
 * both: an observer changes nothing the scheduler does, the harness checks that it gives the plain run's digest).
 * A changed digest means the simulated outcome changed: if that is intended, regenerate with
 * UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts and say why in the commit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { type Result, simulate } from '../src/actors/simulate.js';
import { auditor, canonicalScenarios } from './helpers.js';

const FILE = join(import.meta.dirname, 'golden', 'digests.json');
const golden = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>;
const update = process.env.UPDATE_GOLDEN === '1';
const seen: Record<string, string> = {};
const ajv = new Ajv({ allErrors: true });
const fitsResult = ajv.compile(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schema', 'result.schema.json'), 'utf8')) as object);

describe.each(canonicalScenarios())('$file / $variant', ({ file, variant, scenario: s, trace }) => {
  let run: Promise<{ r: Result; audit: ReturnType<typeof auditor> }> | undefined;
  /** The variant's audited run, once for both tests (either may run alone under -t). */
  const audited = () => (run ??= (async () => {
    const audit = auditor(s);
    return { r: await simulate(s, { variant, observer: audit.observer, timeDecisions: false, trace }), audit };
  })());

  it('golden digest matches', async () => {
    const { r } = await audited();
    const key = `${file} / ${variant}`;
    seen[key] = r.digest;
    if (!update) expect(r.digest).toBe(golden[key]);
  });

  it('invariants over the whole run: never over-commits a slot; runs every task exactly once; finishes every job; counts add up', async () => {
    const { r, audit } = await audited();
    expect(audit.violations).toEqual([]);
    expect(audit.notDone).toEqual([]);
    expect(audit.reducesBeforeMaps).toEqual([]);
    expect(audit.launches - audit.kills).toBe(r.summary.tasks);
    expect(audit.kills).toBe(r.summary.killedTasks ?? 0);
    expect(audit.finishes).toBe(r.summary.tasks);
    for (const j of r.jobs) {
      expect(j.finishMs).toBeGreaterThanOrEqual(j.submitMs);
      expect(j.nodeLocalMaps + j.rackLocalMaps + j.offRackMaps).toBe(j.maps);
    }
    const l = r.summary.locality;
    expect(l.node + l.rack + l.off).toBeCloseTo(1, 3);
    expect(r.summary.utilization).toBeLessThanOrEqual(1);
  });

  it('its result, as JSON, fits schema/result.schema.json', async () => {
    const { r } = await audited();
    const json = JSON.parse(JSON.stringify(r)) as unknown;
    expect(fitsResult(json), ajv.errorsText(fitsResult.errors)).toBe(true);
  });
});

afterAll(() => {
  if (update) writeFileSync(FILE, JSON.stringify(seen, Object.keys(seen).sort(), 2) + '\n');
});
