// A file the scenario names (a trace, an allocation file) fails by another field (cluster.racks): named by the --set
// or the variant that brings the error, as the loader names a schema error they bring; the file's own stays the file's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const SLS = 'scenarios/sls-sample.json';
const TRACE = 'data/traces/sls-sample.json';

function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A scenario beside an allocation file that gives a queue `max` of the cluster (`variants` added where given). */
function withAllocation(max: string, variants?: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-blame-'));
  writeFileSync(join(dir, 'q.xml'), `<allocations>\n  <queue name="a"><maxResources>${max}</maxResources></queue>\n</allocations>\n`);
  const s = { cluster: { racks: 2, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 2 }, scheduler: { policy: 'hfs', allocationFile: 'q.xml' }, workload: { kind: 'facebook', jobs: 4 }, ...(variants ? { variants } : {}) };
  writeFileSync(join(dir, 's.json'), JSON.stringify(s));
  return join(dir, 's.json');
}

describe('a named file\'s error that a --set brings names the --set (it was blamed on the scenario file, which runs alone)', () => {
  it.each([
    ['cluster.racks=1', `workload.trace: ${TRACE}: the trace's hosts are in 2 racks, the cluster has 1 (cluster.racks)`],
    ['cluster.nodesPerRack=2', `workload.trace: ${TRACE}: rack "rack1" has 4 hosts in the trace, the cluster 2 a rack (cluster.nodesPerRack)`],
  ])('an SLS trace\'s hosts past the cluster: --set %s', (set, message) => {
    expect(hfsim('run', SLS, '--dry-run').code).toBe(0);
    const r = hfsim('run', SLS, '--set', set, '--dry-run');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --set ${set}: ${message}\n`);
  });

  it('of several --sets, the one without which the error is gone (not the last, nor one sharing the field\'s path)', () => {
    const r = hfsim('run', SLS, '--set', 'cluster.racks=1', '--set', 'workload.format=sls', '--set', 'cluster.heartbeatMs=1000', '--dry-run');
    expect(r.stderr).toBe(`hfsim: --set cluster.racks=1: workload.trace: ${TRACE}: the trace's hosts are in 2 racks, the cluster has 1 (cluster.racks)\n`);
  });

  it('of two --sets each bringing an error of the trace, the one that brings this one (both name workload.trace)', () => {
    const r = hfsim('run', SLS, '--set', 'cluster.racks=1', '--set', 'cluster.nodesPerRack=1', '--dry-run');
    expect(r.stderr).toBe(`hfsim: --set cluster.racks=1: workload.trace: ${TRACE}: the trace's hosts are in 2 racks, the cluster has 1 (cluster.racks)\n`);
  });

  it('a trace read in the format a --set gives', () => {
    const r = hfsim('run', SLS, '--set', 'workload.format=rumen', '--dry-run');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --set workload.format=rumen: workload.trace: ${TRACE}:1:1: an SLS JSON job ("job.start.ms", "job.tasks"), not a Rumen one: leave workload.format out (or set it to "sls")\n`);
  });

  it('an allocation file\'s percentage that the --set cluster makes less than one slot', () => {
    const s = withAllocation('10%');
    expect(hfsim('run', s, '--dry-run').code).toBe(0);
    const r = hfsim('run', s, '--set', 'cluster.racks=1', '--dry-run');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --set cluster.racks=1: scheduler.allocationFile: ${join(s, '..', 'q.xml')}:2:19: <maxResources> "10%" is less than one slot (1024 mb, 1 vcore) of the cluster's 8 map slots: nothing of the queue could run\n`);
  });

  it('an allocation file\'s percentage of a cluster the --set makes not valid', () => {
    const s = withAllocation('25%');
    const r = hfsim('run', s, '--set', 'cluster.racks=0', '--dry-run');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --set cluster.racks=0: scheduler.allocationFile: ${join(s, '..', 'q.xml')}:2:19: <maxResources> "25%" is a share of the cluster's slots, and the scenario's cluster is not valid (cluster.racks: racks must be at least 1): correct it first\n`);
  });

  it('the file\'s own error stays the file\'s, whatever --set is given beside it', () => {
    const s = withAllocation('1%');
    const r = hfsim('run', s, '--set', 'cluster.heartbeatMs=1000', '--dry-run');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${s}: scheduler.allocationFile: ${join(s, '..', 'q.xml')}:2:19: <maxResources> "1%" is less than one slot (1024 mb, 1 vcore) of the cluster's 16 map slots: nothing of the queue could run\n`);
  });

  it('one a variant brings names the variant', () => {
    const s = withAllocation('10%', { Big: {}, Small: { 'cluster.racks': 1 } });
    const r = hfsim('run', s, '--dry-run');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${s}: variant "Small": scheduler.allocationFile: ${join(s, '..', 'q.xml')}:2:19: <maxResources> "10%" is less than one slot (1024 mb, 1 vcore) of the cluster's 8 map slots: nothing of the queue could run\n`);
  });
});
