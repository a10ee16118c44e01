/**
 * The source side of cross-rack map reads (and replica copies, read the same way: rack-slots.ts). A map reading a
 * block from a node in another rack is simulated in two
 * halves: in the reader's rack, the receive half (its read stream, its NIC, the rack's downlink, the group link the
 * master sizes); in the source's rack, the send half, a "serve": the block's read stream on the source node (one
 * disk's rate, capped like the reader's at the rate the map computes), the source's disks and NIC, the source
 * rack's uplink. The master sends each serve to the source's rack with the epoch's responses (EpochCommand.serves),
 * so both halves start at the same simulated time (the reader's heartbeat plus the task start-up) and move the same
 * MB, sharing each rack's resources max-min fairly with that rack's own flows. They run apart, each at its own
 * rack's rates: the send half loads the source's disks, NIC and uplink for as long as its own share takes, and the
 * receive half's rate sees the source's side only through the master's epoch-level allocation of the uplinks.
 *
 * A rack holds at most `capacity` serves at once (twice its map and copy slots); a serve arriving when all are busy is not
 * simulated and its MB are counted as unservedMB in the results, so the approximation is visible.
 */

/** A serve on the wire: source node, start time (ms), KB and the reader's compute time (ms), four Float64s. */
export const SERVE_FIELDS = 4;

const FREE = 0;
/** Its start timer is set. */
const WAITING = 1;
const SENDING = 2;

/** The rate cap of a map's read stream: one disk's rate and the rate its code consumes `mb` in `computeMs`. */
export function readCapMBps(streamMBps: number, mb: number, computeMs: number): number {
  return Math.min(streamMBps, computeMs > 0 ? (mb * 1000) / computeMs : Infinity);
}

/** The state of a rack's serves (saved and restored with the rack's slots). */
export class ServeState {
  readonly node: Int32Array;
  readonly mb: Float64Array;
  readonly capMBps: Float64Array;
  readonly flow: Int32Array;
  readonly phase: Uint8Array;
  /** MB of the serves taken and of those not simulated (no free serve), counted as they arrive. */
  readonly totals = new Float64Array(2);
  /** Whether this state may differ from its saved copy (set by every write; saveTo and restoreFrom clear it). */
  private changed = true;

  constructor(readonly capacity: number) {
    this.node = new Int32Array(capacity);
    this.mb = new Float64Array(capacity);
    this.capMBps = new Float64Array(capacity);
    this.flow = new Int32Array(capacity).fill(-1);
    this.phase = new Uint8Array(capacity);
  }

  get servedMB(): number {
    return this.totals[0];
  }

  get unservedMB(): number {
    return this.totals[1];
  }

  /** Takes a free serve for `mb` from node offset `node`; returns it, or -1 (counted unserved) when none is free. */
  take(node: number, mb: number, capMBps: number): number {
    this.changed = true;
    for (let k = 0; k < this.capacity; k++) {
      if (this.phase[k] !== FREE) continue;
      this.phase[k] = WAITING;
      this.node[k] = node;
      this.mb[k] = mb;
      this.capMBps[k] = capMBps;
      this.totals[0] += mb;
      return k;
    }
    this.totals[1] += mb;
    return -1;
  }

  /** Serve k starts sending over flow f. */
  sending(k: number, f: number): void {
    if (this.phase[k] !== WAITING) throw new Error(`serve ${k} started twice`);
    this.changed = true;
    this.phase[k] = SENDING;
    this.flow[k] = f;
  }

  /** Serve k's flow has ended. */
  free(k: number): void {
    if (this.phase[k] !== SENDING) throw new Error(`serve ${k} ended while not sending`);
    this.changed = true;
    this.phase[k] = FREE;
    this.flow[k] = -1;
  }

  /** Makes `saved` (written by nothing else) equal to this state: a copy, or nothing when nothing changed since. */
  saveTo(saved: ServeState): void {
    if (this.changed) ServeState.copy(this, saved);
    this.changed = false;
  }

  /** Makes this state equal to `saved` again. */
  restoreFrom(saved: ServeState): void {
    if (this.changed) ServeState.copy(saved, this);
    this.changed = false;
  }

  private static copy(a: ServeState, b: ServeState): void {
    b.node.set(a.node); b.mb.set(a.mb); b.capMBps.set(a.capMBps); b.flow.set(a.flow); b.phase.set(a.phase); b.totals.set(a.totals);
  }
}
