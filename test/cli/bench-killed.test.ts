/**
 * A bench case whose process a signal ends (the kernel's out-of-memory killer sends SIGKILL, on a runner with less
 * memory than fb2010-day / fluid's 685 MB peak): bench said `bench case ... failed: exit null`, which names neither
 * what happened nor what to do. It now names the signal, and for SIGKILL the likely cause.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, hfsim, tmp, writeJson } from './sweep-helpers.js';

const dir = tmp('bench-killed');
const scenario = writeJson(dir, 'tiny.json', {
  name: 'tiny', seed: 1,
  cluster: { racks: 1, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
  scheduler: { policy: 'fifo' },
  workload: { kind: 'generated', groups: [{ name: 'one', count: 1, maps: 1, mapMs: 1000 }] },
});
const plugin = writeJson(dir, 'killer.js', [
  `import { registerPolicy } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'src', 'index.js')).href)};`,
  // in the case's process only, as the out-of-memory killer ends it
  "if (process.argv[1].endsWith('child.js')) process.kill(process.pid, 'SIGKILL');",
  "registerPolicy('unused', { description: 'never runs', create: () => ({}) });",
].join('\n'));

describe('hfsim bench, a case process ended by a signal', () => {
  it('names the signal and what SIGKILL usually means, exit 1, no report', () => {
    const json = join(dir, 'out.json');
    const r = hfsim('bench', '--plugin', plugin, '--scenario', scenario, '--repeat', '1', '--json', json);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('hfsim: bench failed: bench case tiny.json / fifo failed: its process was killed by SIGKILL (the system\'s out-of-memory killer ends a process so: give the machine more memory)');
    expect(r.stderr).not.toMatch(/exit null/);
    expect(existsSync(json)).toBe(false);
  });
});
