/**
 * The msgpack codec for every message. moreTypes keeps typed arrays as typed arrays (without it msgpackr turns
 * them into Buffers of the wrong bytes). encode() returns an exact-size Uint8Array that owns its memory, so it
 * can be posted or transferred without cloning msgpackr's 8 KiB scratch buffer. decode() validates the shape.
 */
import { Packr } from 'msgpackr';
import type { Message } from './types.js';

const packr = new Packr({ moreTypes: true, useRecords: false });

export function encode(message: Message): Uint8Array {
  return Uint8Array.prototype.slice.call(packr.pack(message));
}

export function decode(bytes: Uint8Array): Message {
  const message = packr.unpack(bytes) as Message;
  validate(message);
  return message;
}

const INT_COLUMNS: Record<string, string[]> = {
  heartbeats: ['node', 'freeMaps', 'freeReduces', 'finishedEnd', 'finishedJob', 'finishedTask'],
  responses: ['launchNode', 'launchJob', 'launchTask', 'launchMs', 'launchCopyMs', 'doneNode', 'doneJob', 'killNode', 'killJob', 'killTask'],
};

function validate(m: Message): void {
  if (typeof m !== 'object' || m === null) throw new Error('message is not an object');
  switch (m.type) {
    case 'heartbeats':
      requireNumbers(m, ['rack', 'epoch']);
      requireTyped(m, INT_COLUMNS.heartbeats, Int32Array);
      requireTyped(m, ['timeMs'], Float64Array);
      if (m.finishedEnd.length !== m.node.length) throw new Error('heartbeats: finishedEnd and node differ in length');
      return;
    case 'epoch':
      requireNumbers(m, ['rack', 'epoch', 'reportFreeFromMs']);
      if (m.responses !== null) {
        requireNumbers(m.responses, ['epoch']);
        requireTyped(m.responses, INT_COLUMNS.responses, Int32Array);
        requireTyped(m.responses, ['launchMapsDone'], Uint8Array);
      }
      return;
    case 'setup':
      if (!Array.isArray(m.racks) || typeof m.scenario !== 'object') throw new Error('setup: racks or scenario missing');
      return;
    case 'failed':
      requireNumbers(m, ['rack', 'timeMs']);
      if (typeof m.message !== 'string') throw new Error('failed: message missing');
      return;
    default:
      throw new Error(`unknown message type ${String((m as { type?: unknown }).type)}`);
  }
}

function requireNumbers(o: object, keys: string[]): void {
  for (const k of keys) {
    const v = (o as Record<string, unknown>)[k];
    if (typeof v !== 'number' || Number.isNaN(v)) throw new Error(`${k} must be a number`);
  }
}

function requireTyped(o: object, keys: string[], type: Int32ArrayConstructor | Float64ArrayConstructor | Uint8ArrayConstructor): void {
  for (const k of keys) if (!((o as Record<string, unknown>)[k] instanceof type)) throw new Error(`${k} must be a ${type.name}`);
}
