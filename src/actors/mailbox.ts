/**
 * A one-way mailbox in shared memory between the master's thread and a rack worker: the sender writes a list of
 * encoded messages (each length-prefixed) and bumps a sequence word with Atomics; the receiver waits on that word
 * and copies the messages out. Atomics order the plain writes before the bump, so no message is read half-written.
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
    let at = HEADER_BYTES;
    for (const m of messages) {
      const padded = Math.ceil(m.byteLength / 4) * 4;
      if (at + 4 + padded > this.bytes.byteLength) {
        throw new Error(`mailbox overflow: ${messages.length} messages need more than its ${this.bytes.byteLength} bytes`);
      }
      this.words[at >> 2] = m.byteLength;
      this.bytes.set(m, at + 4);
      at += 4 + padded;
    }
    this.words[COUNT] = messages.length;
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

  /** Copies out the messages of the last send (each into memory of its own, as decode needs unshared bytes). */
  receive(): { status: number; messages: Uint8Array[] } {
    const count = this.words[COUNT];
    const messages: Uint8Array[] = [];
    let at = HEADER_BYTES;
    for (let i = 0; i < count; i++) {
      const length = this.words[at >> 2];
      messages.push(this.bytes.slice(at + 4, at + 4 + length));
      at += 4 + Math.ceil(length / 4) * 4;
    }
    return { status: this.words[STATUS], messages };
  }
}

/**
 * An upper bound on one rack's encoded batch in either direction. Between two heartbeats each slot finishes at most
 * one task, and a response launches or kills at most one task per slot and tells at most one maps-done per reduce
 * slot; every row is a few 4- or 8-byte columns, plus the msgpack envelope.
 */
export function batchBoundBytes(nodesPerRack: number, mapSlots: number, reduceSlots: number): number {
  const slots = mapSlots + reduceSlots;
  const heartbeats = nodesPerRack * (8 + 4 * 4 + slots * 8);
  const responses = nodesPerRack * (slots * (4 * 6 + 1) + slots * 12 + reduceSlots * 8);
  return 2 * Math.max(heartbeats, responses) + 1024;
}
