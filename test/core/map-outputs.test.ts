/** Fluid model: the progress notices that tell a node's reduces which of their job's map outputs they can fetch. */
import { describe, expect, it } from 'vitest';
import { MapOutputs } from '../../src/core/map-outputs.js';
import type { Job } from '../../src/core/job.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import type { Rank } from '../../src/core/ids.js';

/** The fields MapOutputs reads of a job: a stand-in whose finished maps the test sets (a real Job's counters are the engine's). */
function job(index: number, maps: number, reduces = 1): Job {
  return { index: jobIndex(index), maps, reduces, finishedMaps: 0 } as unknown as Job;
}

const setFinished = (j: Job, n: number) => { (j as unknown as { finishedMaps: number }).finishedMaps = n; };

const rank = (r: number) => r as Rank;

function recorder(): { sink: { mapProgress: (...a: number[]) => void }; notices: number[][] } {
  const notices: number[][] = [];
  return { sink: { mapProgress: (...a: number[]) => notices.push(a) }, notices };
}

describe('map outputs and progress notices', () => {
  it('a reduce hears at launch, then at each heartbeat after more maps finished, counted by the rack and the node that ran them', () => {
    const a = job(0, 4);
    const outputs = new MapOutputs([a], 2, 3); // 3 racks of 2 nodes
    const { sink, notices } = recorder();
    const finish = (rack: number) => { setFinished(a, a.finishedMaps + 1); outputs.mapFinished(a, nodeId(2 * rack)); };
    finish(1);
    outputs.launched(nodeId(2), rank(2), a, sink);
    expect(notices).toEqual([[2, 0, 1, 1, 1, 4]]); // node 2 ran it: in the rack and on the node
    outputs.heartbeat(nodeId(2), rank(2), sink); // nothing new: no notice
    expect(notices).toHaveLength(1);
    finish(0);
    finish(1);
    outputs.heartbeat(nodeId(2), rank(2), sink);
    expect(notices[1]).toEqual([2, 0, 3, 2, 2, 4]);
    finish(2);
    outputs.heartbeat(nodeId(2), rank(2), sink); // all done: the last notice, then no more
    expect(notices[2]).toEqual([2, 0, 4, 2, 2, 4]);
    outputs.heartbeat(nodeId(2), rank(2), sink);
    expect(notices).toHaveLength(3);
  });

  it('two reduces of a job on one node share its notices; a reduce launched after the maps are done hears once', () => {
    const a = job(0, 2);
    const b = job(1, 1);
    const outputs = new MapOutputs([a, b], 2, 2); // 2 racks of 2 nodes
    const { sink, notices } = recorder();
    setFinished(a, 1);
    outputs.mapFinished(a, nodeId(1));
    outputs.launched(nodeId(0), rank(0), a, sink);
    outputs.launched(nodeId(0), rank(0), a, sink);
    setFinished(a, 2);
    outputs.mapFinished(a, nodeId(2));
    outputs.heartbeat(nodeId(0), rank(0), sink);
    expect(notices).toEqual([[0, 0, 1, 1, 0, 2], [0, 0, 1, 1, 0, 2], [0, 0, 2, 1, 0, 2]]); // one notice a heartbeat for the job
    setFinished(b, 1);
    outputs.mapFinished(b, nodeId(3));
    outputs.launched(nodeId(3), rank(3), b, sink);
    outputs.heartbeat(nodeId(3), rank(3), sink);
    expect(notices.slice(3)).toEqual([[3, 1, 1, 1, 1, 1]]);
  });

  it('a node whose reduces of a job were all killed hears no more of it', () => {
    const a = job(0, 3);
    const outputs = new MapOutputs([a], 2, 2);
    const { sink, notices } = recorder();
    setFinished(a, 1);
    outputs.mapFinished(a, nodeId(0));
    outputs.launched(nodeId(1), rank(1), a, sink);
    outputs.launched(nodeId(1), rank(1), a, sink);
    outputs.killed(rank(1), a);
    setFinished(a, 2);
    outputs.mapFinished(a, nodeId(2));
    outputs.heartbeat(nodeId(1), rank(1), sink); // one of its two reduces is left: it hears
    expect(notices).toHaveLength(3);
    outputs.killed(rank(1), a);
    setFinished(a, 3);
    outputs.mapFinished(a, nodeId(2));
    outputs.heartbeat(nodeId(1), rank(1), sink); // none left
    expect(notices).toHaveLength(3);
  });
});

describe('done jobs the racks drop from their map logs (forgets)', () => {
  it('a done job is queued for each rack that ran any of its maps, with or without reduces, and taken once, oldest first', () => {
    const a = job(0, 3);
    const b = job(1, 2, 0); // no reduces: its racks log its maps all the same
    const c = job(2, 1);
    const outputs = new MapOutputs([a, b, c], 2, 3); // 3 racks of 2 nodes
    outputs.mapFinished(a, nodeId(0));
    outputs.mapFinished(a, nodeId(4));
    outputs.mapFinished(b, nodeId(5));
    outputs.mapFinished(c, nodeId(1));
    expect(outputs.forgets(0, 10)).toBeNull(); // nothing done yet
    outputs.forget(a);
    outputs.forget(b);
    outputs.forget(c);
    expect(outputs.forgets(1, 10)).toBeNull(); // rack 1 ran none of their maps
    expect(Array.from(outputs.forgets(2, 10)!)).toEqual([0, 1]);
    expect(outputs.forgets(2, 10)).toBeNull(); // taken
    // At most `max` an epoch: the rest wait for the next.
    expect(Array.from(outputs.forgets(0, 1)!)).toEqual([0]);
    expect(Array.from(outputs.forgets(0, 1)!)).toEqual([2]);
    expect(outputs.forgets(0, 1)).toBeNull();
  });
});

describe('the forgets of a rack fed faster than they are taken', () => {
  it('come out once each, in the order the jobs finished, across the queue dropping what it has handed out', () => {
    const jobs = Array.from({ length: 5000 }, (_, i) => job(i, 1));
    const outputs = new MapOutputs(jobs, 1, 1);
    const out: number[] = [];
    for (let i = 0; i < jobs.length; i++) {
      outputs.mapFinished(jobs[i], nodeId(0));
      outputs.forget(jobs[i]);
      if (i % 3 === 2) out.push(...outputs.forgets(0, 2)!); // 3 in, 2 out
    }
    for (let more = outputs.forgets(0, 7); more !== null; more = outputs.forgets(0, 7)) out.push(...more);
    expect(out).toEqual(jobs.map((_, i) => i));
  });
});

describe('finish order', () => {
  it('keeps the node of each finished map of a job with reduces, in finish order, until the first dropRetired after it is done', () => {
    const a = job(0, 3);
    const b = job(1, 2, 0); // no reduces: nothing to fetch
    const outputs = new MapOutputs([a, b], 2, 2);
    for (const node of [3, 0, 3]) { setFinished(a, a.finishedMaps + 1); outputs.mapFinished(a, nodeId(node)); }
    setFinished(b, 1);
    outputs.mapFinished(b, nodeId(1));
    const order = outputs.finishOrder(0);
    expect(order.finished).toBe(3);
    expect(Array.from(order.nodes.subarray(0, 3))).toEqual([3, 0, 3]);
    expect(() => outputs.finishOrder(1)).toThrow(/job 1's map outputs/);
    outputs.dropRetired(); // a: still running
    expect(outputs.finishOrder(0).finished).toBe(3);
    outputs.forget(a);
    expect(outputs.finishOrder(0).finished).toBe(3); // its last fetches come a batch late
    outputs.dropRetired();
    expect(() => outputs.finishOrder(0)).toThrow(/job 0's map outputs/);
  });
});
