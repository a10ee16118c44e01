/**
 * The master's side of far sides' caps under a bounded core (core-allocation.ts): after each allocation, the caps
 * each rack's far sides should run under, sent (FAR_CAP_FIELDS: kind, peer, MB/s) only where they change, and applied
 * by the rack from the next epoch's start (rack-slots.ts applyFarCaps), so a command that carries nothing else replays
 * nothing.
 *
 * Which caps a rack needs: the (kind, peer) pairs of the far sides it reported running at its predicted pass's start
 * (FluidRack.farPeers), and those of the serves the master sends it now (a new serve also carries its own cap for the
 * epoch it starts in). SEND (peer: the reader's rack): what the reader's group in from this rack gets (readMBps),
 * which the rack's send halves for that reader share; REPLICA (peer: the writer's rack): the rate a flow of the
 * writer's group out gets (writeFlowMBps); SHUFFLE: what the fetches from the rack draw (shuffleEgressMBps), which its
 * nodes' sends share. A cap not sent is the last one sent; Infinity, none. The sums and orders depend only on the
 * batches' contents, rack by rack, so any number of threads gives the same caps.
 */
import type { CoreAllocator } from './core-allocation.js';
import { SEND, SERVE_FIELDS, SHUFFLE } from './serves.js';

export class FarCaps {
  /** By rack: the caps last sent it, by kind x racks + peer (finite ones only: a missing one is Infinity). */
  private readonly sent: Array<Map<number, number> | undefined>;
  /** By rack: the egress cap last sent it (SHUFFLE), Infinity if none. */
  private readonly egressSent: Float64Array;
  /** By rack: the (kind, peer) pairs its last batch reported (a view of the batch, read within the same exchange). */
  private readonly reported: Array<ArrayLike<number> | null>;
  /** Scratch of update(): one rack's pairs. */
  private readonly pairs = new Set<number>();

  constructor(readonly racks: number) {
    this.sent = new Array<Map<number, number> | undefined>(racks).fill(undefined);
    this.egressSent = new Float64Array(racks).fill(Infinity);
    this.reported = new Array<ArrayLike<number> | null>(racks).fill(null);
  }

  /** Rack `rack`'s batch reported these (kind, peer) pairs of far sides running there. */
  report(rack: number, pairs: ArrayLike<number>): void {
    this.reported[rack] = pairs.length === 0 ? null : pairs;
  }

  /**
   * From the allocation just made, the caps that change for each rack's far sides (those it reported, and those of
   * `serves`, the serves it is being sent: SERVE_FIELDS each), appended to out[rack] as FAR_CAP_FIELDS triples.
   */
  update(allocator: CoreAllocator, serves: readonly (readonly number[])[], out: number[][]): void {
    const { racks, pairs } = this;
    for (let d = 0; d < racks; d++) {
      pairs.clear();
      const reported = this.reported[d];
      this.reported[d] = null;
      if (reported !== null) for (let k = 0; k < reported.length; k += 2) pairs.add(reported[k] * racks + reported[k + 1]);
      const sent = this.sent[d];
      // A pair the rack did not report it has forgotten (ServeState.recap), cap and all: so is it here, before the
      // serves it is sent now add theirs (one for a peer whose far sides had just ended is sent its cap again).
      if (sent !== undefined) for (const key of sent.keys()) if (!pairs.has(key)) sent.delete(key);
      const list = serves[d];
      for (let at = 0; at < list.length; at += SERVE_FIELDS) if (list[at] !== SHUFFLE) pairs.add(list[at] * racks + list[at + 6]);
      if (pairs.size > 0) {
        const keys = [...pairs].sort((a, b) => a - b);
        for (const key of keys) {
          const kind = Math.floor(key / racks);
          const peer = key - kind * racks;
          const cap = kind === SEND ? allocator.readMBps(peer, d) : allocator.writeFlowMBps(peer);
          if (cap === (sent?.get(key) ?? Infinity)) continue;
          out[d].push(kind, peer, cap);
          if (cap === Infinity) sent!.delete(key);
          else (this.sent[d] ??= new Map()).set(key, cap);
        }
      }
      const egress = allocator.shuffleEgressMBps(d);
      if (egress !== this.egressSent[d]) {
        out[d].push(SHUFFLE, -1, egress);
        this.egressSent[d] = egress;
      }
    }
  }
}
