/**
 * Writes a scenario of listed jobs (workload.kind "jobs"), one line a job and one a file, for timing the load of a
 * large scenario; --maps gives every job the generated groups' field "maps", an unknown field in a listed job, so that
 * the load fails with one alike error a job:
 *   npm run build && node dist/bench/listed-jobs.js big.json [--jobs 100000] [--maps]
 *   /usr/bin/time -f %e node dist/src/cli/main.js run big.json --dry-run
 */
import { writeFileSync } from 'node:fs';
import { readFlags } from './flags.js';

const flags = readFlags({
  script: 'listed-jobs',
  usage: 'usage: node dist/bench/listed-jobs.js <out.json> [--jobs 100000] [--maps]',
  flags: { '--jobs': 'value', '--maps': 'switch' },
  positionals: { min: 1, max: 1, names: ['out.json'] },
});
const jobs = flags.count('--jobs', 100_000, 1);
const maps = flags.has('--maps') ? ', "maps": 1' : '';

/** The scenario's text: 20 racks of 20 nodes, a file of 1 to 4 blocks for each job, the jobs a second apart. */
function listedJobs(count: number, extra: string): string {
  const files: string[] = [];
  const listed: string[] = [];
  for (let i = 0; i < count; i++) {
    files.push(`      {"name": "f-${i}", "blocks": ${1 + (i % 4)}}`);
    listed.push(`      {"id": "job-${i}", "input": "f-${i}", "mapMs": 20000, "submitMs": ${i * 1000}, "pool": "p-${i % 10}"${extra}}`);
  }
  return [
    '{',
    '  "name": "listed-jobs",',
    '  "seed": 1,',
    '  "cluster": {"racks": 20, "nodesPerRack": 20},',
    '  "scheduler": {"policy": "fair"},',
    '  "workload": {',
    '    "kind": "jobs",',
    `    "files": [\n${files.join(',\n')}\n    ],`,
    `    "jobs": [\n${listed.join(',\n')}\n    ]`,
    '  }',
    '}',
    '',
  ].join('\n');
}

writeFileSync(flags.positionals[0], listedJobs(jobs, maps));
