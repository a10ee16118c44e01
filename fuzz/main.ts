/**
 * npm run fuzz -- [--minutes n | --count n] [--seed s] [--case i] [--jobs n] [--timeout s] [--memory mb]
 *                 [--kinds scenario,allocation,trace,sweep,flags] [--out dir] [--no-shrink] [--verbose]
 * Mutates the shipped examples, runs the CLI on each mutant and reports every exit but 0 and 2, stack trace, engine
 * message, or command over its time or memory limit; each new failure is shrunk and written to --out
 * (default fuzz-findings/). Exit 0: nothing found; 1: findings; 2: bad flags.
 */
import { join } from 'node:path';
import { KINDS, type Kind } from './cases.js';
import { repoRoot } from './corpus.js';
import { fuzz } from './fuzzer.js';
import { readFlags } from '../bench/flags.js';
import { checkOutputDir } from '../src/cli/output-paths.js';

async function main(): Promise<void> {
  // Read as the bench scripts read theirs (bench/flags.ts): a fraction (--seed 1.5, --count 1.5 ran 2 cases) or a flag
  // given twice (the last one won) was taken.
  const line = readFlags({
    script: 'fuzz',
    usage: 'usage: npm run fuzz -- [--minutes n | --count n] [--seed s] [--case i] [--jobs n] [--timeout s] [--memory mb] [--kinds scenario,allocation,trace,sweep,flags] [--out dir] [--no-shrink] [--verbose]',
    flags: { '--minutes': 'value', '--count': 'value', '--seed': 'value', '--case': 'value', '--jobs': 'value', '--timeout': 'value', '--memory': 'value',
      '--kinds': 'value', '--out': 'value', '--no-shrink': 'switch', '--verbose': 'switch' },
  });
  const root = repoRoot(import.meta.dirname);
  const kinds = line.text('--kinds')?.split(',').map((k) => k.trim()) ?? [...KINDS];
  const unknown = kinds.find((k) => !(KINDS as readonly string[]).includes(k));
  if (unknown !== undefined) line.refuse(`--kinds: unknown kind ${unknown} (have ${KINDS.join(', ')})`);
  const optional = (name: string, min: number): number | undefined => (line.has(name) ? line.count(name, 0, min) : undefined);
  const minutes = line.has('--minutes') ? line.number('--minutes', 0, 0, 7 * 24 * 60) : undefined;
  // 0 ran no case and exited 0 with an empty tally, as if it had found nothing
  if (minutes === 0) line.refuse('--minutes must be more than 0 (a run of no time runs no case), got "0"');
  const count = optional('--count', 1);
  const seed = line.count('--seed', Math.floor(Date.now() / 1000) % 1_000_000, 0);
  const only = optional('--case', 0);
  // A given --out that can be no folder (a file, /proc) is refused now: the first finding's write ended the run on a
  // stack trace, after its shrinking. The default is made when a finding is written.
  const given = line.text('--out');
  if (given !== undefined) line.input(() => checkOutputDir(given, '--out'));
  const out = given ?? join(root, 'fuzz-findings');
  const limits = { timeoutMs: line.number('--timeout', 30, 1, 24 * 3600) * 1000, memoryMb: line.number('--memory', 1024, 64, 1024 * 1024) };
  const jobs = line.count('--jobs', 2, 1);
  process.stdout.write(`fuzz: seed ${seed}, ${only !== undefined ? `case ${only}` : minutes !== undefined ? `${minutes} min` : `${count ?? 100} cases`}, ` +
    `${jobs} at a time, ${limits.timeoutMs / 1000} s and ${limits.memoryMb} MB a process of a command; findings to ${out}\n`);
  const report = await fuzz({
    root, seed, jobs, limits, out, only, kinds: kinds as Kind[], shrink: !line.has('--no-shrink'),
    ms: minutes === undefined ? undefined : minutes * 60_000, count: minutes === undefined && only === undefined ? count ?? 100 : count,
    log: (text) => process.stdout.write(`${text}\n`), verbose: line.has('--verbose'),
  });
  process.stdout.write(`fuzz: ${report.cases} cases, ${report.commands} commands in ${(report.ms / 1000).toFixed(0)} s; ` +
    `${report.findings.length} distinct finding${report.findings.length === 1 ? '' : 's'}\n`);
  process.stdout.write(`  ${Object.entries(report.tally).sort().map(([k, n]) => `${k}: ${n}`).join('; ')}\n`);
  for (const f of report.findings) process.stdout.write(`  ${f.hits}x ${f.verdict.signature}${f.dir ? `  -> ${f.dir}` : ''}\n`);
  for (const e of report.errors) process.stdout.write(`fuzzer error: ${e}\n`);
  process.exitCode = report.findings.length > 0 || report.errors.length > 0 ? 1 : 0;
}

await main();
