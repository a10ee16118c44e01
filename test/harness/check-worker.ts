/**
 * A worker thread that checks scenarios for the long mode (time-limit.ts): each message is a scenario and check
 * options, each reply the outcome (or the error the check threw). The thread is ended from outside when a check
 * runs past its time limit.
 */
import { parentPort } from 'node:worker_threads';
import type { Scenario } from '../../src/core/scenario.js';
import { type CheckOptions, checkScenario } from './check.js';

parentPort!.on('message', (m: { scenario: Scenario; options: CheckOptions }) => {
  checkScenario(m.scenario, m.options).then(
    (outcome) => parentPort!.postMessage({ outcome }),
    (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
});
