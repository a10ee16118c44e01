/**
 * What a fluid rack's event heap costs an event: pop the earliest, schedule the same id again a random time later
 * (a flow's or a timer's next event), at the heap sizes a rack runs at (fb2010-day fluid: 109 events on average at a
 * pop, 95% of pops at 32 to 255). Prints ns per pop and reschedule, the least of `--repeat` rounds of 3 M each.
 *   npm run build && node dist/bench/event-heap.js [--repeat 5]
 */
import { EventHeap } from '../src/core/network/event-heap.js';
import { readFlags } from './flags.js';

const repeat = readFlags({ script: 'event-heap', usage: 'usage: node dist/bench/event-heap.js [--repeat 5]', flags: { '--repeat': 'value' } }).count('--repeat', 5, 1);
const OPS = 3_000_000;

function round(size: number): number {
  const heap = new EventHeap(size * 2);
  let seed = 12345;
  const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  for (let id = 0; id < size; id++) heap.schedule(id, random() * 5000);
  const t0 = performance.now();
  for (let k = 0; k < OPS; k++) {
    const now = heap.peekTime();
    heap.schedule(heap.pop(), now + 1 + random() * 5000);
  }
  return ((performance.now() - t0) * 1e6) / OPS;
}

for (const size of [16, 128, 256, 1024]) {
  const ns = Array.from({ length: repeat }, () => round(size));
  process.stdout.write(`${String(size).padStart(5)} events: ${Math.min(...ns).toFixed(1)} ns a pop and reschedule (least of ${repeat})\n`);
}
