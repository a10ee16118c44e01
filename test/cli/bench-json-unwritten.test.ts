/**
 * hfsim bench whose --json cannot be written at the end (a full disk, after the full suite's 23 minutes): the table was
 * printed only after the report was written, so the failure lost every measurement. The table now comes first, on
 * stdout, and the failure after it (exit 1).
 */
import { describe, expect, it } from 'vitest';
import { hfsim } from './sweep-helpers.js';

describe('hfsim bench --json that cannot be written', () => {
  it('prints the table first, then fails naming the file (exit 1)', () => {
    const r = hfsim('bench', '--only', 'latency-600 fair+wait', '--repeat', '1', '--json', '/dev/full');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/hfsim: bench failed: \/dev\/full: not written whole \(no space left on device\)/);
    expect(r.stdout).toMatch(/^hfsim bench --suite smoke --only "latency-600 fair\+wait": [^]*\nlatency-600 fair\+wait /);
  });
});
