/**
 * A forked worker of pool.ts: imports the task module named by its first argument, runs each task it is sent (one
 * at a time, in order) and answers with the value or the error's message. It exits when its channel to the pool
 * closes: the pool closed it, or the process that started it died.
 */
import type { FromChild, ToChild } from './pool.js';

const [moduleHref] = process.argv.slice(2);
const run = (await import(moduleHref) as { default: (task: unknown) => Promise<unknown> }).default;

let chain = Promise.resolve();
process.on('message', (m: ToChild<unknown>) => {
  chain = chain.then(async () => {
    let reply: FromChild<unknown>;
    try {
      reply = { id: m.id, ok: true, value: await run(m.task) };
    } catch (err) {
      reply = { id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) };
    }
    say(reply);
  });
});
process.on('disconnect', () => process.exit(0));
// Tasks sent before a listener exists would be lost: the pool sends none before this.
say({ ready: true });

/** Sends to the pool; a channel closed meanwhile (the pool closed, or died) is no error: 'disconnect' ends this process. */
function say(m: FromChild<unknown>): void {
  if (process.connected) process.send!(m, undefined, {}, () => undefined);
}
