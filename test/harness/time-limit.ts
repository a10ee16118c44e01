/**
 * The long mode's time limit on one scenario: the check runs on a worker thread (check-worker.ts), and a check with no
 * result within the limit is a failure ("a hang is a finding"): the thread is ended, whatever it was doing (a run
 * spinning in the simulator or the LP solver cannot be interrupted from its own thread), and the next check gets a
 * new one. The scenario then shrinks like any failure.
 */
import { Worker } from 'node:worker_threads';
import type { Scenario } from '../../src/core/scenario.js';
import type { CheckOptions, CheckOutcome } from './check.js';

export interface TimedChecker {
  check(s: Scenario, options: CheckOptions): Promise<CheckOutcome>;
  /** Ends the worker thread (the process can then exit). */
  close(): Promise<void>;
}

/** The words of a time-out failure: the harness and its tests recognise it by them. */
export const TIMED_OUT = 'no result within';

/**
 * Checks scenarios on a worker thread running `workerUrl` (default: the compiled check-worker.js beside this
 * module), each within `limitMs`.
 */
export function timedChecker(limitMs: number, workerUrl = new URL('./check-worker.js', import.meta.url)): TimedChecker {
  let worker: Worker | undefined;
  return {
    check(scenario, options) {
      const w = (worker ??= new Worker(workerUrl));
      return new Promise<CheckOutcome>((resolve) => {
        const done = (outcome: CheckOutcome) => {
          clearTimeout(timer);
          w.off('message', onMessage);
          w.off('error', onError);
          resolve(outcome);
        };
        const onMessage = (m: { outcome?: CheckOutcome; error?: string }) => done(m.outcome ?? { digest: '', failures: [`check failed: ${m.error}`], kills: 0 });
        const onError = (err: Error) => {
          worker = undefined;
          done({ digest: '', failures: [`check's worker thread failed: ${err.message}`], kills: 0 });
        };
        const timer = setTimeout(() => {
          worker = undefined;
          void w.terminate();
          done({ digest: '', failures: [`${TIMED_OUT} ${limitMs / 1000} s: the checks of this scenario did not finish (a hang, or a run far slower than its size warrants)`], kills: 0 });
        }, limitMs);
        w.on('message', onMessage);
        w.on('error', onError);
        w.postMessage({ scenario, options });
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      if (w !== undefined) await w.terminate();
    },
  };
}
