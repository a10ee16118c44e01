/**
 * Warnings on stderr, each line once a process: a sweep resolves its scenario once a point, and a file read again
 * says the same again. A warning is input hfsim runs as the real system would, but a user may not expect.
 */
const warned = new Set<string>();

export function warnOnce(line: string): void {
  if (quiet > 0 || warned.has(line)) return;
  warned.add(line);
  process.stderr.write(`hfsim: warning: ${line}\n`);
}

let quiet = 0;

/**
 * Runs `probe` with warnOnce silent (its lines neither written nor counted as said): a scenario resolved again only to
 * place an error (load-scenario.ts: without the --sets, each variant) warned of variants the user had not chosen.
 */
export function quietly<T>(probe: () => T): T {
  quiet++;
  try {
    return probe();
  } finally {
    quiet--;
  }
}
