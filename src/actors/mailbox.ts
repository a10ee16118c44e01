/**
 * A one-way mailbox in shared memory between the master's thread and a rack worker: the sender writes a list of
 * encoded messages (each length-prefixed) and bumps a sequence word with Atomics; the receiver waits on that word
 * and decodes the messages where they lie. Atomics order the plain writes before the bump, so no message is read
 * half-written.
 * Capacity is fixed at creation from the cluster's bounds (see batchBoundBytes); a list that does not fit throws.
 *
 * Layout: Int32 words [0] sequence, [1] status (0 ok, 1 failed), [2] message count; then per message an Int32
 * length and its bytes, padded to 4.
 */
const SEQ = 0;
const STATUS = 1;
const COUNT = 2;
const HEADER_BYTES = 12;

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
    return new Mailbox(new SharedArrayBuffer(HEADER_BYTES + Math.ceil(capacityBytes / 4) * 4));
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
    this.words[this.at >> 2] = m.byteLength;
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
      const length = this.words[at >> 2];
      messages.push(this.bytes.subarray(at + 4, at + 4 + length));
      at += 4 + Math.ceil(length / 4) * 4;
    }
    return { status: this.words[STATUS], messages };
  }
}

/**
 * An upper bound on one rack's encoded batch in either direction. Between two heartbeats each slot finishes at most
 * one task (and a reduce slot reports at most one write, three Float64s: fluid model), and a response launches or
 * kills at most one task per slot and sends at most two map-progress notices per reduce slot (one at its launch,
 * one at its heartbeat: five Int32s each); every row is a few 4- or 8-byte columns, plus the msgpack envelope.
 * Not bounded here: a fluid command's serves, which other racks' reads and writes send to this rack.
 */
export function batchBoundBytes(nodesPerRack: number, mapSlots: number, reduceSlots: number): number {
  const slots = mapSlots + reduceSlots;
  const heartbeats = nodesPerRack * (8 + 4 * 4 + slots * 8 + reduceSlots * 24);
  const responses = nodesPerRack * (slots * (4 * 6 + 1) + slots * 12 + reduceSlots * 2 * 20);
  return 2 * Math.max(heartbeats, responses) + 1024;
}
