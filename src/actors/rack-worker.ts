/**
 * Worker-thread entry: hosts some rack actors. Each epoch it waits on its inbox for the master's commands (one
 * encoded batch per rack), runs its racks, and posts their encoded heartbeat batches to its outbox (or a failure
 * naming the rack and simulated time). Both mailboxes are shared memory: no event loop in the way.
 */
import { workerData } from 'node:worker_threads';
import { makeTopology } from '../core/topology.js';
import { decode, encode, encodeView } from '../messages/codec.js';
import { MAILBOX_FAILED, MAILBOX_STOP, Mailbox } from './mailbox.js';
import { type RackActor, RackError, type RackScenario, rackActors } from './rack-actor.js';
import type { InjectedFault } from './threads.js';

const { racks, scenario, fault, solveEveryChange, inbox, outbox } = workerData as {
  racks: number[]; scenario: RackScenario; fault?: InjectedFault; solveEveryChange: boolean; inbox: SharedArrayBuffer; outbox: SharedArrayBuffer;
};
const topology = makeTopology(scenario.cluster, scenario.seed);
const actors = new Map<number, RackActor>(rackActors(topology, racks, scenario, solveEveryChange).map((a) => [a.rack, a]));
const commands = new Mailbox(inbox);
const replies = new Mailbox(outbox);

/** Runs one epoch's commands, pushing their encoded batches to the outbox (the caller commits them), or throws a RackError. */
function serve(messages: Uint8Array[]): void {
  for (const bytes of messages) {
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
      replies.push(encodeView(actor.onEpoch(cmd)));
    } catch (err) {
      throw err instanceof RackError ? err : new RackError(rack, timeMs, err);
    }
  }
}

let seen = 0;
for (;;) {
  // Wait in slices, so that terminate() can stop this thread between them.
  while (commands.sequence === seen) commands.wait(seen, 50);
  seen = commands.sequence;
  if (seen === MAILBOX_STOP) break;
  try {
    replies.begin();
    serve(commands.receive().messages);
    replies.commit();
  } catch (err) {
    const e = err instanceof RackError ? err : new RackError(-1, 0, err);
    replies.send([encode({ type: 'failed', rack: e.rack, timeMs: e.timeMs, message: e.message })], MAILBOX_FAILED);
  }
}
