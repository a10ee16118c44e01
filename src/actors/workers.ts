/**
 * The one recipe for starting worker threads, from compiled JavaScript (dist/) or from TypeScript source (vitest,
 * tsx). On Node 20, tsx's hooks live in the main thread only, so a .ts worker is started by an eval stub that
 * registers tsx in the worker first (PLATFORM.md). Piscina pools use piscina-bootstrap.mjs beside this file.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The URL of module `name` beside the calling module, with the caller's extension (.ts from source, .js compiled). */
export function siblingModule(callerUrl: string, name: string): URL {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
}

export function isTypeScript(url: URL): boolean {
  return url.pathname.endsWith('.ts');
}

/**
 * Piscina options for a pool whose threads run the default export of `moduleUrl`, with `data` as their workerData:
 * compiled, the module itself; from source, piscina-bootstrap.mjs (in src/actors, never copied to dist/), which
 * registers tsx and imports the entry.
 */
export function poolEntry(moduleUrl: URL, data: Record<string, unknown> = {}): { filename: string; workerData: Record<string, unknown> & { entry: string } } {
  const filename = isTypeScript(moduleUrl) ? new URL('./piscina-bootstrap.mjs', import.meta.url).href : moduleUrl.href;
  return { filename, workerData: { ...data, entry: moduleUrl.href } };
}

/** Starts a worker running `moduleUrl`. */
export function startWorker(moduleUrl: URL, options: WorkerOptions = {}): Worker {
  if (!isTypeScript(moduleUrl)) return new Worker(moduleUrl, options);
  const stub = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl.href)}); })`;
  return new Worker(stub, { ...options, eval: true });
}
