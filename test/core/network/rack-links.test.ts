/** A rack's resources: group links bound all at once, or as the rack first uses each group, growing its networks. */
import { describe, expect, it } from 'vitest';
import { DISK_READ, DISK_WRITE, NIC_IN, NIC_OUT, PIPELINE_LEAVES, RackLinks } from '../../../src/core/network/rack-links.js';

describe('RackLinks group links', () => {
  it('by default binds group g to the link after the downlink plus g', () => {
    const links = new RackLinks(3, 5, 2, 4);
    expect(links.resources).toBe(links.down + 1 + 7);
    for (let g = 0; g < links.groups; g++) {
      expect(links.boundLink(g)).toBe(links.down + 1 + g);
      expect(links.group(g)).toBe(links.down + 1 + g);
      expect(links.groupAt(links.down + 1 + g)).toBe(g);
    }
    expect(links.groupAt(links.up)).toBe(-1);
    expect(links.groupAt(links.down)).toBe(-1);
  });

  it('with a reserve, binds a group when first used, in the order used, and asks its owner to grow past the reserve', () => {
    const links = new RackLinks(2, 40, 1, 0, 2);
    const grownTo: number[] = [];
    links.onGrow = (n) => grownTo.push(n);
    expect(links.resources).toBe(links.down + 3);
    expect(links.boundLink(7)).toBe(-1);
    const order = [7, links.spreadIn, 7, 30, 0, 1, 2, 3, 4, 5, 6, 8, 9];
    const bound = order.map((g) => links.group(g));
    expect(bound.slice(0, 4)).toEqual([links.down + 1, links.down + 2, links.down + 1, links.down + 3]);
    expect(new Set(bound).size).toBe(new Set(order).size);
    for (let k = 0; k < order.length; k++) {
      expect(links.groupAt(bound[k])).toBe(order[k]);
      expect(links.boundLink(order[k])).toBe(bound[k]);
      expect(bound[k]).toBeLessThan(links.resources);
    }
    expect(grownTo.length).toBeGreaterThan(0);
    expect(grownTo.at(-1)).toBe(links.resources);
    expect(grownTo).toEqual([...grownTo].sort((a, b) => a - b));
    // Never past every group's link.
    for (let g = 0; g < links.groups; g++) links.group(g);
    expect(links.resources).toBe(links.down + 1 + links.groups);
  });

  it('refuses to bind past its reserve with no owner to grow', () => {
    const links = new RackLinks(2, 40, 1, 0, 1);
    links.group(3);
    expect(() => links.group(4)).toThrow(/bound more group links than it reserved/);
  });
});

describe('RackLinks group slots', () => {
  it('numbers the bound groups 0, 1, 2 ... in the order bound, each slot its link after the downlink', () => {
    const links = new RackLinks(2, 10_000, 1, 0, 8);
    expect(links.slots).toBe(0);
    expect(links.boundSlot(9_000)).toBe(-1);
    expect(links.boundLink(9_000)).toBe(-1);
    const order = [9_000, links.spreadOut, 3, links.spreadIn];
    expect(order.map((g) => links.slot(g))).toEqual([0, 1, 2, 3]);
    expect(links.slot(3)).toBe(2); // bound once
    expect(links.slots).toBe(4);
    order.forEach((g, k) => {
      expect(links.groupOfSlot(k)).toBe(g);
      expect(links.linkOfSlot(k)).toBe(links.down + 1 + k);
      expect(links.group(g)).toBe(links.linkOfSlot(k));
      expect(links.boundLink(g)).toBe(links.linkOfSlot(k));
      expect(links.slotAt(links.linkOfSlot(k))).toBe(k);
    });
    expect(links.slotAt(links.down)).toBe(-1);
    expect(links.slotAt(links.linkOfSlot(4))).toBe(-1); // reserved, not bound
    expect(links.slotRoom).toBe(8);
  });

  it('refuses a group the cluster does not have', () => {
    const links = new RackLinks(2, 4, 1, 0, 2);
    for (const g of [-1, 6, 2.5]) expect(() => links.slot(g)).toThrow(/no cross-rack group/);
  });
});

describe('RackLinks write pipelines', () => {
  const links = new RackLinks(4, 3);
  const path = new Int32Array(8);
  const read = (len: number): number[] => Array.from(path.subarray(0, len));
  const n = (i: number, what: number): number => links.node(i, what);

  it('the far side in the second replica\'s rack: downlink, its NIC in and disk; then the third beside it, none, or out again through "out to anywhere"', () => {
    expect(read(links.replicaInPath(0, 1, -1, path))).toEqual([links.down, n(1, NIC_IN), n(1, DISK_WRITE)]);
    expect(read(links.replicaInPath(0, 1, 2, path))).toEqual([links.down, n(1, NIC_IN), n(1, DISK_WRITE), n(1, NIC_OUT), n(2, NIC_IN), n(2, DISK_WRITE)]);
    expect(read(links.replicaInPath(0, 1, PIPELINE_LEAVES, path))).toEqual([links.down, n(1, NIC_IN), n(1, DISK_WRITE), n(1, NIC_OUT), links.up, links.group(links.spreadOut)]);
  });

  it('a pipeline whose second replica is in the writer\'s rack: the writer\'s NIC out, then the same hops, leaving through "out to anywhere"', () => {
    expect(read(links.pipelinePath(0, 3, -1, path))).toEqual([n(0, NIC_OUT), n(3, NIC_IN), n(3, DISK_WRITE)]);
    expect(read(links.pipelinePath(0, 3, 2, path))).toEqual([n(0, NIC_OUT), n(3, NIC_IN), n(3, DISK_WRITE), n(3, NIC_OUT), n(2, NIC_IN), n(2, DISK_WRITE)]);
    expect(read(links.pipelinePath(0, 3, PIPELINE_LEAVES, path))).toEqual([n(0, NIC_OUT), n(3, NIC_IN), n(3, DISK_WRITE), n(3, NIC_OUT), links.up, links.group(links.spreadOut)]);
    expect(read(links.replicaPath(0, path))).toEqual([n(0, NIC_OUT), links.up, links.group(links.spreadOut)]);
  });
});

describe('RackLinks with a bounded core: caps for the far sides run here', () => {
  const RATES = { diskReadMBps: 240, diskWriteMBps: 200, streamMBps: 60, nicMBps: 100, switchMBps: 100, coreMBps: 120 };
  const path = new Int32Array(8);
  const read = (len: number): number[] => Array.from(path.subarray(0, len));

  it('a send cap a node after the serves\' streams, unbounded until a serve sets it; a write\'s far side crosses its serve\'s stream', () => {
    const free = new RackLinks(4, 3, 2, 5);
    const links = new RackLinks(4, 3, 2, 5, 5, true);
    const n = (i: number, what: number): number => links.node(i, what);
    expect(links.up).toBe(free.up + 4); // one cap a node; nothing else moves
    expect(links.sendCap(0)).toBe(links.serveStream(4) + 1);
    expect(read(links.shuffleSendPath(2, path))).toEqual([links.sendCap(2), n(2, DISK_READ), n(2, NIC_OUT), links.up]);
    expect(read(links.replicaInPath(3, 1, 2, path))).toEqual([links.serveStream(3), links.down, n(1, NIC_IN), n(1, DISK_WRITE), n(1, NIC_OUT), n(2, NIC_IN), n(2, DISK_WRITE)]);
    const caps = links.capacities(RATES);
    expect(Array.from(caps.subarray(links.sendCap(0), links.sendCap(3) + 1))).toEqual([Infinity, Infinity, Infinity, Infinity]);
    expect(caps[links.serveStream(4)]).toBe(60);
  });

  it('a non-blocking core keeps the paths as they were, and has no send caps', () => {
    const links = new RackLinks(4, 3, 2, 5);
    expect(read(links.shuffleSendPath(2, path))).toEqual([links.node(2, DISK_READ), links.node(2, NIC_OUT), links.up]);
    expect(() => links.sendCap(0)).toThrow(/non-blocking/);
  });
});
