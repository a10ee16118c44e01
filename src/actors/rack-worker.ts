/** Worker-thread entry: hosts some rack actors; each epoch decodes their commands and answers with encoded heartbeat batches. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Scenario } from '../core/scenario.js';
import { makeTopology } from '../core/topology.js';
import { decode, encode } from '../messages/codec.js';
import { RackActor, RackError } from './rack-actor.js';
import type { InjectedFault, WorkerReply } from './threads.js';

const { racks, scenario, fault } = workerData as { racks: number[]; scenario: Scenario; fault?: InjectedFault };
const topology = makeTopology(scenario.cluster, scenario.seed);
const actors = new Map(racks.map((r) => [r, new RackActor(topology, r)]));
const port = parentPort!;

port.on('message', (commands: Uint8Array[]) => {
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
      const reply: WorkerReply = { failed: encode({ type: 'failed', rack: failure.rack, timeMs: failure.timeMs, message: failure.message }) };
      port.postMessage(reply);
      return;
    }
  }
  const reply: WorkerReply = { batches };
  port.postMessage(reply, batches.map((b) => b.buffer as ArrayBuffer));
});
