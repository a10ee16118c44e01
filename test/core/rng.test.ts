/** rng.ts's keyed draws: a time mixed into a key the same on any host. */
import { describe, expect, it } from 'vitest';
import { mixKey, mixTime } from '../../src/core/rng.js';

describe('mixTime', () => {
  it('mixes a time\'s two words read little-endian whatever the host (they were read in the host\'s byte order: a big-endian host drew other replicas)', () => {
    // Pinned: the values a little-endian host gave before mixTime existed (replica-targets.ts, replicas.ts), so
    // a host that reads the words otherwise fails here rather than changing digests silently.
    expect(mixTime(1, 1234.5)).toBe(1403842926);
    expect(mixTime(0x9e3779b1, 86_400_000.25)).toBe(1915875786);
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, 3000, true);
    expect(mixTime(7, 3000)).toBe(mixKey(mixKey(7, view.getUint32(0, true)), view.getUint32(4, true)));
    expect(mixTime(7, 3000)).not.toBe(mixTime(7, 3000.0000000000005)); // a fraction of a ms is another time
  });
});
