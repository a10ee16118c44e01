/**
 * A one-way mailbox in shared memory between the master's thread and a rack worker: the sender writes a list of
 * encoded messages (each length-prefixed) and bumps a sequence word with Atomics; the receiver waits on that word
 * and decodes the messages where they lie. Atomics order the plain writes before the bump, so no message is read
 * half-written.
 * Capacity is fixed at creation from the cluster's bounds (see batchBoundBytes), at most MAILBOX_MAX_BYTES; a list that
 * does not fit throws.
 *
 * Layout: Int32 words [0] sequence, [1] status (0 ok, 1 failed), [2] message count; then per message an Int32
 * length and its bytes, padded to 4.
 */
import { forgetsPerEpoch } from '../core/map-outputs.js';
import { FAR_CAP_FIELDS, SERVE_FIELDS } from '../core/network/serves.js';

const SEQ = 0;
const STATUS = 1;
const COUNT = 2;
const HEADER_BYTES = 12;

/**
 * The largest mailbox: a Uint8Array on Node 20 is at most 2^32 bytes long, and a bigger one failed to be made
 * ("Invalid typed array length: undefined"). The bounds reach past it only at millions of slots on the fluid model
 * (2,000 racks of 50 nodes with 20 map and 80 reduce slots, 10 M slots: 4.38 GB a commands mailbox, 2.73 GB of it
 * serves), where they assume every slot of the cluster starts cross-rack transfers toward one worker's racks in one
 * epoch; a full launch of every slot there encodes to under 1 GB. The memory is taken only where written, so the
 * cap costs nothing; a list past it throws as any overflow does. Offsets past 2^31 index the Int32 words with >>>.
 */
export const MAILBOX_MAX_BYTES = 2 ** 32;

export const MAILBOX_OK = 0;
export const MAILBOX_FAILED = 1;
/** A sequence value that tells the receiver to stop. */
export const MAILBOX_STOP = -1;

export class Mailbox {
  private readonly words: Int32Array;
  private readonly bytes: Uint8Array;
  /** The send being written: its next byte and its messages so far. */
  private at = HEADER_BYTES;
  private count = 0;

  constructor(readonly buffer: SharedArrayBuffer) {
    this.words = new Int32Array(buffer);
    this.bytes = new Uint8Array(buffer);
  }

  static create(capacityBytes: number): Mailbox {
    return new Mailbox(new SharedArrayBuffer(Math.min(HEADER_BYTES + Math.ceil(capacityBytes / 4) * 4, MAILBOX_MAX_BYTES)));
  }

  get sequence(): number {
    return Atomics.load(this.words, SEQ);
  }

  /** Writes `messages` and wakes the receiver. */
  send(messages: readonly Uint8Array[], status = MAILBOX_OK): void {
    this.begin();
    for (const m of messages) this.push(m);
    this.commit(status);
  }

  /** Starts a send: push() each message (copied in at once, so it may be a scratch view), then commit(). */
  begin(): void {
    this.at = HEADER_BYTES;
    this.count = 0;
  }

  push(m: Uint8Array): void {
    const padded = Math.ceil(m.byteLength / 4) * 4;
    if (this.at + 4 + padded > this.bytes.byteLength) {
      throw new Error(`mailbox overflow: ${this.count + 1} messages need more than its ${this.bytes.byteLength} bytes`);
    }
    this.words[this.at >>> 2] = m.byteLength;
    this.bytes.set(m, this.at + 4);
    this.at += 4 + padded;
    this.count++;
  }

  /** Ends a send: the messages pushed since begin() become visible, and the receiver wakes. */
  commit(status = MAILBOX_OK): void {
    this.words[COUNT] = this.count;
    this.words[STATUS] = status;
    Atomics.add(this.words, SEQ, 1);
    Atomics.notify(this.words, SEQ);
  }

  /** Tells the receiver to stop. */
  stop(): void {
    Atomics.store(this.words, SEQ, MAILBOX_STOP);
    Atomics.notify(this.words, SEQ);
  }

  /** Waits up to `timeoutMs` for the sequence to leave `seen`; returns the sequence now. */
  wait(seen: number, timeoutMs: number): number {
    Atomics.wait(this.words, SEQ, seen, timeoutMs);
    return Atomics.load(this.words, SEQ);
  }

  /**
   * The messages of the last send, as views of the shared memory: valid until the sender's next send, which in the
   * runtime's lockstep comes only after this side has answered (decode() copies out what it keeps).
   */
  receive(): { status: number; messages: Uint8Array[] } {
    const count = this.words[COUNT];
    const messages: Uint8Array[] = [];
    let at = HEADER_BYTES;
    for (let i = 0; i < count; i++) {
      const length = this.words[at >>> 2];
      messages.push(this.bytes.subarray(at + 4, at + 4 + length));
      at += 4 + Math.ceil(length / 4) * 4;
    }
    return { status: this.words[STATUS], messages };
  }
}

/** The fluid model's sizes of one rack's batches (see batchBoundBytes); omitted for the flat model. */
export interface FluidBound {
  /** Racks in the cluster (a rack's cross-rack groups: racks + 2). */
  racks: number;
  /** Copy slots per node (replica copies, which read like maps). */
  copySlots: number;
}

/**
 * An upper bound on one rack's encoded batch in either direction. Between two heartbeats each slot finishes at most
 * one task, and a response launches or kills at most one task per slot and sends at most two map-progress notices
 * per reduce slot (one at its launch, one at its heartbeat: six Int32s each); every row is a few 4- or 8-byte
 * columns, plus the msgpack envelope. The fluid model adds, per rack: its demand, a (group, flows) Int32 pair for
 * each group a flow crossed or is about to cross in the epoch (each map-like slot runs at most two maps an epoch, the
 * one running at its start and the one launched at its heartbeat, each reading in from one group; reduces' fetches and
 * writes share two groups), eleven carried MB, its flows still to run, its writes (a reduce slot can start two in
 * one epoch: its reduce's, and the next one's launched at the heartbeat; five Float64s each) and its fetches from
 * other racks (a reduce slot starts at most two an epoch: one for what it heard before the epoch, once its fetch
 * under way ends, and one for what it hears at the heartbeat; five Float64s each), and with a bounded core its far
 * sides' (kind, peer) pairs (an Int32 pair each, at most one a serve it can hold and two a rack of the cluster); and
 * with a bounded core the far sides' caps the master sends (three Float64s each: one for each pair it reported, and
 * the shuffle's; those for the serves it is sent are in the serves' own allowance, serveBoundBytes); and the allocation the
 * master sends, a (group, MB/s) Float64 pair for each group whose capacity changed, at most the groups with demand in
 * this allocation or the last (the racks' own, and the master's cross-rack launches, one group each), and the done jobs
 * whose map log it drops, an Int32 each (at most forgetsPerEpoch: map-outputs.ts). The serves a
 * command carries are bounded for the whole cluster, not per rack: serveBoundBytes.
 */
export function batchBoundBytes(nodesPerRack: number, mapSlots: number, reduceSlots: number, fluid?: FluidBound): number {
  const slots = mapSlots + reduceSlots;
  let heartbeats = nodesPerRack * (8 + 4 * 4 + slots * 8 + reduceSlots * 24);
  let responses = nodesPerRack * (slots * (4 * 6 + 1 + 2 * 8) + slots * 12 + reduceSlots * 2 * 24);
  if (fluid !== undefined) {
    const mapLike = nodesPerRack * (mapSlots + fluid.copySlots);
    const groups = fluid.racks + 2;
    const demand = Math.min(groups, 2 * mapLike + 2);
    const farPairs = Math.min(2 * fluid.racks, 2 * mapLike + nodesPerRack * reduceSlots);
    heartbeats += 8 * demand + 11 * 8 + 4 + nodesPerRack * reduceSlots * 2 * (5 + 5) * 8 + nodesPerRack * fluid.copySlots * 8 + 8 * farPairs;
    responses += 24 * (farPairs + 1) + 16 * Math.min(groups, 2 * (demand + mapLike + 2)) + nodesPerRack * fluid.copySlots * (4 * 6 + 1 + 2 * 8 + 12) + 4 * forgetsPerEpoch(nodesPerRack) + 32;
  }
  return 2 * Math.max(heartbeats, responses) + 1024;
}

/**
 * An upper bound on the serves (far sides of other racks' transfers, SERVE_FIELDS Float64s each) the master sends in
 * one epoch, all racks together: one for each cross-rack read a map-like slot starts (at most one launch a slot an
 * epoch); one for each far side of a write with an off-rack replica (at most two writes a reduce slot an epoch, and without a topology
 * script two far sides a write: the second's rack and the third's); and one for each node sending map outputs to
 * other racks' reduces (shuffle-sends.ts); each with room for a far side's cap (FAR_CAP_FIELDS: the rack it goes to
 * gets one for each new peer); plus an envelope per rack. A mailbox that carries commands adds it once, whichever of
 * its racks the serves go to.
 */
export function serveBoundBytes(racks: number, nodesPerRack: number, mapLikeSlots: number, reduceSlots: number): number {
  return racks * nodesPerRack * (mapLikeSlots + 4 * reduceSlots + 1) * (SERVE_FIELDS + FAR_CAP_FIELDS) * 8 + racks * 64;
}
