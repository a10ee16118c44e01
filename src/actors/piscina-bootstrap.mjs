// Piscina entry for running a TypeScript task module from source (vitest, tsx): on Node 20 tsx's hooks live in the
// main thread only, so this registers tsx in the worker and then re-exports the entry named in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const entry = await import(workerData.entry);
export default entry.default;
