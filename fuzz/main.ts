/**
 * npm run fuzz -- [--minutes n | --count n] [--seed s] [--case i] [--jobs n] [--timeout s] [--memory mb]
 *                 [--kinds scenario,allocation,trace,sweep,flags] [--out dir] [--no-shrink] [--verbose]
 * Mutates the shipped examples, runs the CLI on each mutant and reports every exit but 0 and 2, stack trace, engine
 * message, or command over its time or memory limit; each new failure is shrunk and written to --out
 * (default fuzz-findings/). Exit 0: nothing found; 1: findings; 2: bad flags.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { KINDS, type Kind } from './cases.js';
import { repoRoot } from './corpus.js';
import { fuzz } from './fuzzer.js';

function fail(message: string): never {
  process.stderr.write(`fuzz: ${message}\n`);
  process.exit(2);
}

function num(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || value.trim() === '') fail(`--${name} must be a number >= ${min}`);
  return n;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        minutes: { type: 'string' }, count: { type: 'string' }, seed: { type: 'string' }, case: { type: 'string' },
        jobs: { type: 'string' }, timeout: { type: 'string' }, memory: { type: 'string' }, kinds: { type: 'string' },
        out: { type: 'string' }, 'no-shrink': { type: 'boolean' }, verbose: { type: 'boolean' },
      },
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  const root = repoRoot(import.meta.dirname);
  const kinds = values.kinds?.split(',').map((k) => k.trim()) ?? [...KINDS];
  const unknown = kinds.find((k) => !(KINDS as readonly string[]).includes(k));
  if (unknown !== undefined) fail(`--kinds: unknown kind ${unknown} (have ${KINDS.join(', ')})`);
  const minutes = num('minutes', values.minutes, 0);
  const count = num('count', values.count, 1);
  const seed = num('seed', values.seed, 0) ?? Math.floor(Date.now() / 1000) % 1_000_000;
  const only = num('case', values.case, 0);
  const out = values.out ?? join(root, 'fuzz-findings');
  const limits = { timeoutMs: (num('timeout', values.timeout, 1) ?? 30) * 1000, memoryMb: num('memory', values.memory, 64) ?? 1024 };
  const jobs = num('jobs', values.jobs, 1) ?? 2;
  process.stdout.write(`fuzz: seed ${seed}, ${only !== undefined ? `case ${only}` : minutes !== undefined ? `${minutes} min` : `${count ?? 100} cases`}, ` +
    `${jobs} at a time, ${limits.timeoutMs / 1000} s and ${limits.memoryMb} MB a process of a command; findings to ${out}\n`);
  const report = await fuzz({
    root, seed, jobs, limits, out, only, kinds: kinds as Kind[], shrink: !values['no-shrink'],
    ms: minutes === undefined ? undefined : minutes * 60_000, count: minutes === undefined && only === undefined ? count ?? 100 : count,
    log: (line) => process.stdout.write(`${line}\n`), verbose: values.verbose,
  });
  process.stdout.write(`fuzz: ${report.cases} cases, ${report.commands} commands in ${(report.ms / 1000).toFixed(0)} s; ` +
    `${report.findings.length} distinct finding${report.findings.length === 1 ? '' : 's'}\n`);
  process.stdout.write(`  ${Object.entries(report.tally).sort().map(([k, n]) => `${k}: ${n}`).join('; ')}\n`);
  for (const f of report.findings) process.stdout.write(`  ${f.hits}x ${f.verdict.signature}${f.dir ? `  -> ${f.dir}` : ''}\n`);
  for (const e of report.errors) process.stdout.write(`fuzzer error: ${e}\n`);
  process.exitCode = report.findings.length > 0 || report.errors.length > 0 ? 1 : 0;
}

await main();
