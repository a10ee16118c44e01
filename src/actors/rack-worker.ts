/**
 * Worker-thread entry: hosts some rack actors. Each epoch it waits on the shared control word for the master's
 * signal, takes its racks' encoded commands from its port synchronously, and answers with their encoded heartbeat
 * batches (or a failure naming the rack and simulated time) before signalling back. No event loop in the way.
 */
import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { Scenario } from '../core/scenario.js';
import { makeTopology } from '../core/topology.js';
import { decode, encode } from '../messages/codec.js';
import { RackActor, RackError } from './rack-actor.js';
import { CMD_SEQ, type InjectedFault, REPLY_SEQ, STOP, type WorkerReply } from './threads.js';

const { racks, scenario, fault, port, control } = workerData as {
  racks: number[]; scenario: Scenario; fault?: InjectedFault; port: MessagePort; control: SharedArrayBuffer;
};
const topology = makeTopology(scenario.cluster, scenario.seed);
const actors = new Map(racks.map((r) => [r, new RackActor(topology, r)]));
const ctl = new Int32Array(control);

function serve(commands: Uint8Array[]): WorkerReply {
  const batches: Uint8Array[] = [];
  for (const bytes of commands) {
    let rack = -1;
    let timeMs = 0;
    try {
      const cmd = decode(bytes);
      if (cmd.type !== 'epoch') throw new Error(`rack worker got a ${cmd.type} message`);
      rack = cmd.rack;
      timeMs = cmd.epoch * topology.heartbeatMs;
      if (fault !== undefined && fault.rack === rack && cmd.epoch >= fault.epoch) throw new Error('injected fault');
      const actor = actors.get(rack);
      if (actor === undefined) throw new Error(`rack ${rack} is not hosted by this worker`);
      batches.push(encode(actor.onEpoch(cmd)));
    } catch (err) {
      const failure = err instanceof RackError ? err : new RackError(rack, timeMs, err);
      return { failed: encode({ type: 'failed', rack: failure.rack, timeMs: failure.timeMs, message: failure.message }) };
    }
  }
  return { batches };
}

let seen = 0;
for (;;) {
  // Wait in slices, so that terminate() can stop this thread between them.
  while (Atomics.load(ctl, CMD_SEQ) === seen) Atomics.wait(ctl, CMD_SEQ, seen, 50);
  seen = Atomics.load(ctl, CMD_SEQ);
  if (seen === STOP) break;
  const received = receiveMessageOnPort(port);
  if (received === undefined) throw new Error('rack worker signalled without a message');
  const reply = serve(received.message as Uint8Array[]);
  port.postMessage(reply, 'batches' in reply ? reply.batches.map((b) => b.buffer as ArrayBuffer) : []);
  Atomics.add(ctl, REPLY_SEQ, 1);
  Atomics.notify(ctl, REPLY_SEQ);
}
port.close();
