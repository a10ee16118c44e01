/**
 * Warnings on stderr, each line once a process: a sweep resolves its scenario once a point, and a file read again
 * says the same again. A warning is input hfsim runs as the real system would, but a user may not expect.
 */
const warned = new Set<string>();

export function warnOnce(line: string): void {
  if (warned.has(line)) return;
  warned.add(line);
  process.stderr.write(`hfsim: warning: ${line}\n`);
}
