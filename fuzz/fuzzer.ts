/** The fuzzing loop: cases run a few at a time; each new kind of failure is shrunk and written out. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Case, KINDS, type Kind, generateCase } from './cases.js';
import { type Verdict, judge, normalize } from './classify.js';
import { loadCorpus } from './corpus.js';
import { type Limits, type Outcome, runAction, runCli } from './exec.js';
import { writeFinding } from './findings.js';
import { shrinkCase } from './shrink.js';
import { InputError, osReason } from '../src/cli/errors.js';

export interface FuzzOptions {
  root: string;
  seed: number;
  /** Stop starting cases after this long (ms) ... */
  ms?: number;
  /** ... or after this many cases. */
  count?: number;
  /** Only this case (with --case). */
  only?: number;
  jobs: number;
  limits: Limits;
  kinds?: readonly Kind[];
  /** Where findings are written (none: not written). */
  out?: string;
  shrink: boolean;
  log: (line: string) => void;
  /** Log every case's outcome, not only findings. */
  verbose?: boolean;
}

export interface Finding {
  case: Case;
  verdict: Verdict;
  outcome: Outcome;
  /** How many cases failed this way. */
  hits: number;
  dir?: string;
}

export interface FuzzReport {
  cases: number;
  commands: number;
  findings: Finding[];
  /** The fuzzer's own failures (a case it could not generate). */
  errors: string[];
  /** Cases by kind and how they ended: "scenario: exit 2", "sweep: finding". */
  tally: Record<string, number>;
  ms: number;
}

interface Ran {
  verdict?: Verdict;
  outcome?: Outcome;
  step: number;
  commands: number;
  /** Exit code and first stderr line of the last command run. */
  lastCode?: number | null;
  lastLine?: string;
}

/** Runs a case's commands in a fresh folder three levels inside `work`; the first failing command ends it. */
async function runSteps(cli: string, work: string, files: Record<string, string>, steps: string[][], limits: Limits, hint: string): Promise<Ran> {
  const top = mkdtempSync(join(work, 'c'));
  const dir = join(top, 'x', 'y');
  try {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    let commands = 0;
    let lastCode: number | null | undefined;
    let lastLine: string | undefined;
    for (let i = 0; i < steps.length; i++) {
      const head = steps[i][0] === '@head' ? Number(steps[i][1]) : undefined;
      if (steps[i][0].startsWith('@') && head === undefined) {
        runAction(dir, steps[i]);
        continue;
      }
      const outcome = await runCli(cli, dir, head === undefined ? steps[i] : steps[i].slice(2), limits, head);
      commands++;
      lastCode = outcome.code;
      lastLine = outcome.stderr.split('\n')[0].slice(0, 160);
      const verdict = judge(outcome, hint);
      if (verdict) return { verdict, outcome, step: i, commands };
    }
    return { step: steps.length, commands, lastCode, lastLine };
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
}

export async function fuzz(o: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const corpus = loadCorpus(o.root);
  const cli = join(o.root, 'dist', 'src', 'cli', 'main.js');
  const work = mkdtempSync(join(tmpdir(), 'hfsim-fuzz-'));
  const findings = new Map<string, Finding>();
  const errors: string[] = [];
  let next = o.only ?? 0;
  let cases = 0;
  let commands = 0;
  const tally: Record<string, number> = {};
  const count = (key: string) => void (tally[key] = (tally[key] ?? 0) + 1);
  const more = () => (o.only !== undefined ? next === o.only : (o.count === undefined || next < o.count) && (o.ms === undefined || Date.now() - started < o.ms));
  const worker = async () => {
    while (more()) {
      const index = next++;
      let c: Case;
      try {
        c = generateCase(corpus, o.seed, index, o.kinds ?? KINDS);
      } catch (e) {
        // A bug of the fuzzer's own: reported (and the exit code says so), the run goes on.
        errors.push(`case ${index}: ${(e as Error).stack ?? String(e)}`);
        o.log(`case ${index}: fuzzer error: ${(e as Error).message}`);
        continue;
      }
      const hint = `${c.kind} ${normalize(c.mutations[0] ?? '')}`;
      const ran = await runSteps(cli, work, c.files, c.steps, o.limits, hint);
      cases++;
      commands += ran.commands;
      count(`${c.kind}: ${ran.verdict ? 'finding' : `exit ${ran.lastCode ?? '-'}`}`);
      if (o.verbose && !ran.verdict) {
        const what = JSON.stringify(c.mutations.join('; ').slice(0, 160)).slice(1, -1); // one line, whatever the mutations hold
        o.log(`case ${c.index} (${c.kind}): exit ${ran.lastCode ?? '-'} ${ran.lastLine ?? ''} [${what}]`);
      }
      if (!ran.verdict) continue;
      const known = findings.get(ran.verdict.signature);
      if (known) {
        known.hits++;
        continue;
      }
      const f: Finding = { case: c, verdict: ran.verdict, outcome: ran.outcome!, hits: 1 };
      findings.set(ran.verdict.signature, f);
      o.log(`case ${c.index} (${c.kind}): ${ran.verdict.kind}: ${ran.verdict.detail.slice(0, 200)}`);
      let shrunk: Pick<Case, 'files' | 'steps'> | undefined;
      if (o.shrink) {
        const until = Math.min(Date.now() + 4 * 60_000, o.ms === undefined ? Infinity : started + o.ms + 60_000);
        shrunk = await shrinkCase(c, ran.verdict, ran.step, async (files, steps) => {
          const r = await runSteps(cli, work, files, steps, o.limits, hint);
          commands += r.commands;
          return r.verdict;
        }, { runs: 150, until });
      }
      if (!o.out) continue;
      try {
        f.dir = writeFinding(o.out, o.root, f, shrunk);
      } catch (err) {
        // The finding is logged above and listed at the end: the run goes on rather than end on a stack trace.
        o.log(`case ${c.index} (${c.kind}): the finding was not written (${err instanceof InputError ? err.message : `${(err as NodeJS.ErrnoException).path ?? o.out}: ${osReason(err)}`})`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: o.only !== undefined ? 1 : o.jobs }, worker));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { cases, commands, findings: [...findings.values()], errors, tally, ms: Date.now() - started };
}
