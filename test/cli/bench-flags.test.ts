/**
 * The scripts run by hand or from nightly jobs (`node dist/bench/X.js`, `node dist/scripts/X.js`) refuse bad flags as
 * hfsim refuses bad input: one line naming the script and the flag, the script's usage, exit 2 (bench/flags.ts). They
 * read their own argv loosely: `warm.js --run 5` ran the default 3 runs, `alloc.js --top 0` the default 15 rows,
 * `threads.js --only x` printed an empty table, `sweep.js --workers ""` and `codec.js --variant x` were stack traces,
 * `harness.js --batch 2.5` ran batches of 2 and `--minutes ""` ran for 0 minutes. No case runs here: each refusal comes
 * before the first simulation (a script that ran one instead is stopped by the spawn's timeout, and fails).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFlags } from '../../bench/flags.js';
import { ROOT } from './sweep-helpers.js';

function script(path: string, args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', path), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const REFUSED: Array<[string, string[], string]> = [
  ['bench/warm.js', ['--run', '5'], 'warm: unknown flag --run'],
  ['bench/warm.js', ['--runs'], 'warm: --runs is missing its value'],
  ['bench/warm.js', ['--runs', '--warmup', '2'], 'warm: --runs is missing its value'],
  ['bench/warm.js', ['--runs', '0'], 'warm: --runs must be a whole number of at least 1, got "0"'],
  ['bench/warm.js', ['--warmup', '-1'], 'warm: --warmup must be a whole number of at least 0, got "-1"'],
  ['bench/warm.js', ['--runs', 'three'], 'warm: --runs must be a whole number of at least 1, got "three"'],
  ['bench/warm.js', ['--runs', '2', '--runs', '3'], 'warm: --runs given twice (it takes one value)'],
  ['bench/warm.js', ['--only', 'scale-7'], 'warm: no case of the full suite matches --only scale-7 (inline cases: scale-600 .. scale-10000, latency-600 <policy>, pools-1000 hfs .. pools-8000 hfs, pools-1000 capacity .. pools-8000 capacity)'],
  ['bench/warm.js', ['scale-600'], 'warm: unexpected argument "scale-600"'],
  ['bench/decisions.js', ['--warmup', '1.5'], 'decisions: --warmup must be a whole number of at least 0, got "1.5"'],
  ['bench/decisions.js', ['--only', 'nothing'], 'decisions: no inline case of the full suite matches --only nothing'],
  ['bench/alloc.js', ['--top', '5'], 'alloc: missing <scenario.json>'],
  ['bench/alloc.js', ['scenarios/fb-macro-io.json', '--top', '0'], 'alloc: --top must be a whole number of at least 1, got "0"'],
  ['bench/alloc.js', ['no-such.json'], 'alloc: no-such.json: cannot read scenario file (no such file)'],
  ['bench/threads.js', ['--only', 'scale-7'], 'threads: no scenario matches --only scale-7 (scenarios/facebook-day-600.json, scenarios/scale-3000.json, scenarios/scale-10000.json)'],
  ['bench/threads.js', ['--repeat', '0'], 'threads: --repeat must be a whole number of at least 1, got "0"'],
  ['bench/codec.js', ['--variant', 'HFS'], `codec: ${join(ROOT, 'scenarios', 'long-tasks.json')}: --variant HFS: no such variant (have "HFS + delay", "HFS + delay + long-task balancing")`],
  ['bench/codec.js', ['--racks', '-1'], 'codec: --racks must be a whole number of at least 0, got "-1"'],
  ['bench/codec.js', ['--racks', '20000'], 'codec: --racks 20000: cluster.racks: racks is 20000, above the limit of 10000'],
  ['bench/core-excess.js', ['scenarios/fb-macro-io.json'], 'core-excess: missing <variant>'],
  ['bench/core-excess.js', ['scenarios/fb-macro-io.json', 'Fair'], 'core-excess: scenarios/fb-macro-io.json: --variant Fair: no such variant (have "FIFO", "Naive fair", "Fair + delay")'],
  ['bench/core-excess.js', ['scenarios/fb-macro-io.json', 'FIFO', 'racks'], 'core-excess: --set racks: expected path=value, e.g. --set cluster.racks=8'],
  ['bench/core-excess.js', ['--set', 'cluster.racks=2'], 'core-excess: unknown flag --set'],
  ['bench/event-heap.js', ['--repeat', ''], 'event-heap: --repeat must be a whole number of at least 1, got ""'],
  ['bench/quincy-scale.js', ['--rep', '2'], 'quincy-scale: unknown flag --rep'],
  ['bench/instructions.js', ['--cache', '512KB'], 'instructions: --cache must be a size like 512K or 1M, got "512KB"'],
  ['bench/runs-in-process.js', ['--processes', '-1'], 'runs-in-process: --processes must be a whole number of at least 0, got "-1"'],
  ['bench/runs-in-process.js', ['--jobs', '1e3'], 'runs-in-process: --jobs must be a whole number of at least 1, got "1e3"'],
  ['bench/speedup-interval.js', ['--seeds', '1'], 'speedup-interval: --seeds must be a whole number of at least 2, got "1"'],
  ['bench/speedup-interval.js', ['--variant', 'Fair+delay'], 'speedup-interval: scenarios/fb-macro-io.json: --variant Fair+delay: no such variant (have "FIFO", "Naive fair", "Fair + delay")'],
  ['bench/speedup-interval.js', ['--base', 'Naive'], 'speedup-interval: scenarios/fb-macro-io.json: --base Naive: no such variant (have "FIFO", "Naive fair", "Fair + delay")'],
  ['bench/speedup-interval.js', ['--set', 'a=1', '--set', 'b=2'], 'speedup-interval: --set given twice (it takes one value)'],
  ['bench/sweep.js', ['--workers', ''], 'sweep: --workers must be whole numbers from 1, comma-separated (1,2,4), got ""'],
  ['bench/sweep.js', ['--workers', '1,x'], 'sweep: --workers must be whole numbers from 1, comma-separated (1,2,4), got "1,x"'],
  ['bench/sweep.js', ['--workers', '1,2,01'], 'sweep: --workers: 01 is given twice, got "1,2,01"'],
  ['bench/sweep.js', ['--pool', 'threads,threads'], 'sweep: --pool: threads is given twice, got "threads,threads"'],
  ['bench/sweep.js', ['--pool', 'forks'], 'sweep: --pool must be processes and/or threads, comma-separated, got "forks"'],
  ['bench/sweep.js', ['--json=yes'], 'sweep: --json takes no value, got "yes"'],
  ['bench/sweep.js', ['--json', '--json'], 'sweep: --json given twice'],
  ['bench/sweep.js', ['--w1', '0'], 'sweep: --w1 must be a whole number of at least 1, got "0"'],
  ['bench/variants.js', ['--parallel', '1'], 'variants: --parallel must be a whole number of at least 2, got "1"'],
  ['bench/variants.js', ['--set', 'cluster.racks=0'], 'variants: --set cluster.racks=0: cluster.racks: racks must be at least 1'],
  ['bench/variants.js', ['a.json', 'b.json'], 'variants: unexpected argument "b.json"'],
  ['bench/workload-build.js', ['--threads', '0'], 'workload-build: --threads must be a whole number of at least 1, got "0"'],
  ['bench/workload-build.js', ['--thread', '2'], 'workload-build: unknown flag --thread'],
  ['scripts/harness.js', ['--batch', '2.5'], 'harness: --batch must be a whole number from 1 to 100000, got "2.5"'],
  ['scripts/harness.js', ['--minutes', ''], 'harness: --minutes must be a number from 0 to 1440, got ""'],
  ['scripts/harness.js', ['--minutes', '0', '--bogus'], 'harness: unknown flag --bogus'],
  ['scripts/harness.js', ['--minutes', '0', '--out', 'package.json'], 'harness: --out package.json: exists and is not a folder'],
  // fuzz ran a fraction (--seed 1.5, --count 1.5: 2 cases, --case 1.5) and took --count twice (the last); an --out that
  // can be no folder ended the run on a stack trace when its first finding was written, after the shrinking
  ['fuzz/main.js', ['--seed', '1.5'], 'fuzz: --seed must be a whole number of at least 0, got "1.5"'],
  ['fuzz/main.js', ['--count', '1.5'], 'fuzz: --count must be a whole number of at least 1, got "1.5"'],
  ['fuzz/main.js', ['--seed', '7', '--case', '1.5'], 'fuzz: --case must be a whole number of at least 0, got "1.5"'],
  ['fuzz/main.js', ['--minutes', '0'], 'fuzz: --minutes must be more than 0 (a run of no time runs no case), got "0"'],
  ['fuzz/main.js', ['--jobs', '0'], 'fuzz: --jobs must be a whole number of at least 1, got "0"'],
  ['fuzz/main.js', ['--count', '1', '--count', '2'], 'fuzz: --count given twice (it takes one value)'],
  ['fuzz/main.js', ['--kinds', 'scenario,xml'], 'fuzz: --kinds: unknown kind xml (have scenario, allocation, trace, sweep, flags)'],
  ['fuzz/main.js', ['--count', '1', '--out', 'package.json/findings'], `fuzz: --out package.json/findings: ${join(ROOT, 'package.json')} is not a folder`],
  ['fuzz/main.js', ['--count', '1', '--out', '/proc/findings'], 'fuzz: --out /proc/findings: cannot create a folder in /proc (no such file or directory)'],
  ['scripts/dsbra-seeds.js', ['--seeds'], 'dsbra-seeds: --seeds is missing its value'],
  ['scripts/schema.js', ['--out', 'x'], 'schema: unknown flag --out'],
];

describe('the bench and scripts entry points, bad flags', () => {
  it.each(REFUSED)('%s %j is refused: one line, the usage, exit 2', (path, args, line) => {
    const r = script(path, args);
    expect(r.stderr.split('\n')).toEqual([line, expect.stringMatching(/^usage: (node dist\/|npm run )/), '']);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
  }, 30_000);

  it('--help prints the usage, exit 0', () => {
    const r = script('bench/warm.js', ['--help']);
    expect(r).toEqual({ code: 0, stdout: 'usage: node dist/bench/warm.js [--runs n] [--warmup n] [--only text]\n', stderr: '' });
  });

  it('every entry script reads its command line through bench/flags.ts, not process.argv', () => {
    // child.ts (its case as JSON), run.ts (all passed to hfsim bench, whose commander refuses) and instructions.ts's
    // own --child mode (its valgrind children) read argv written by other scripts, not by a user.
    const own = new Set(['bench/flags.ts', 'bench/child.ts', 'bench/run.ts']);
    const loose: string[] = [];
    for (const dir of ['bench', 'scripts']) {
      for (const file of readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.ts')).map((f) => `${dir}/${f}`)) {
        if (own.has(file)) continue;
        const source = readFileSync(join(ROOT, file), 'utf8').replaceAll(/process\.argv\[[2-4]\]/g, (m) => (file === 'bench/instructions.ts' ? '' : m));
        if (source.includes('process.argv')) loose.push(file);
      }
    }
    expect(loose).toEqual([]);
  });
});

describe('readFlags', () => {
  const line = {
    script: 'demo', usage: 'usage: demo', positionals: { min: 0, max: 1 },
    flags: { '--runs': 'value', '--set': 'values', '--json': 'switch', '--worker-flags': 'value', '--minutes': 'value' },
  } as const;

  it('reads --name value and --name=value, repeats of a list, switches and a positional, anywhere', () => {
    const f = readFlags(line, ['--set', 'a=1', 'file.json', '--runs=4', '--json', '--set', 'b=2', '--minutes', '.5']);
    expect([f.count('--runs', 3, 1), f.texts('--set'), f.has('--json'), f.positionals, f.number('--minutes', 1, 0, 60)]).toEqual([4, ['a=1', 'b=2'], true, ['file.json'], 0.5]);
  });

  it('absent flags give their defaults', () => {
    const f = readFlags(line, []);
    expect([f.count('--runs', 3, 1), f.texts('--set'), f.has('--json'), f.text('--worker-flags'), f.positionals]).toEqual([3, [], false, undefined, []]);
  });

  it('a value that starts with dashes but is no flag of the script is a value (Node flags for workers)', () => {
    expect(readFlags(line, ['--worker-flags', '--max-semi-space-size=64']).text('--worker-flags')).toBe('--max-semi-space-size=64');
    expect(readFlags(line, ['--worker-flags', '']).text('--worker-flags')).toBe('');
  });

  it('a flag the script does not declare is the script\'s mistake: thrown, not a user\'s refusal', () => {
    expect(() => readFlags(line, []).text('--run')).toThrow('demo: reads --run, which it does not declare');
  });
});
