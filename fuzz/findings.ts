/** Writing a finding out: the shrunk case's files, a script that reproduces it, and what was seen. */
import { appendFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Case } from './cases.js';
import type { Finding } from './fuzzer.js';
import { makeOutputDir } from '../src/cli/output-paths.js';

/** A word for sh: bare when safe, else single-quoted. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function script(root: string, steps: string[][]): string {
  const lines = steps.map((s) => {
    if (s[0] === '@append') return `printf %s ${shellQuote(s[2])} >> ${shellQuote(s[1])}`;
    if (s[0] === '@truncate') return `truncate -s ${shellQuote(s[2])} ${shellQuote(s[1])}`;
    if (s[0] === '@write') return `printf %s ${shellQuote(s[2])} > ${shellQuote(s[1])}`;
    if (s[0] === '@head') return `node "$ROOT/dist/src/cli/main.js" ${s.slice(2).map(shellQuote).join(' ')} | head -c ${shellQuote(s[1])}`;
    return `node "$ROOT/dist/src/cli/main.js" ${s.map(shellQuote).join(' ')}`;
  });
  return ['#!/bin/sh', '# Runs the case in a scratch copy of case/ (outputs land there, not here).', 'set -e',
    `ROOT="\${HFSIM_ROOT:-${root}}"`, 'HERE="$(cd "$(dirname "$0")" && pwd)"', 'WORK="$(mktemp -d)/x/y"', 'mkdir -p "$WORK"',
    'cp -R "$HERE/case/." "$WORK/"', 'cd "$WORK"', ...lines, ''].join('\n');
}

function writeCase(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

/** Writes `out/<seed>-<case>-<kind>/`: case/ (shrunk), original/, repro.sh, finding.txt; appends a line to out/index.md. */
export function writeFinding(out: string, root: string, f: Finding, shrunk?: Pick<Case, 'files' | 'steps'>): string {
  const c = f.case;
  const dir = join(out, `${c.seed}-${c.index}-${f.verdict.kind}`);
  const small = shrunk ?? { files: c.files, steps: c.steps };
  // One level at a time: a recursive mkdir under /proc never returns (Node 20); a level that cannot be made is an InputError.
  makeOutputDir(out, '--out');
  writeCase(join(dir, 'case'), small.files);
  writeCase(join(dir, 'original'), c.files);
  writeFileSync(join(dir, 'repro.sh'), script(root, small.steps));
  chmodSync(join(dir, 'repro.sh'), 0o755);
  const o = f.outcome;
  writeFileSync(join(dir, 'finding.txt'), [
    `${f.verdict.kind}: ${f.verdict.detail}`,
    `signature: ${f.verdict.signature}`,
    `case ${c.index} of seed ${c.seed} (${c.kind}); regenerate: npm run fuzz -- --seed ${c.seed} --case ${c.index}`,
    `mutations:`, ...c.mutations.map((m) => `  ${m.slice(0, 300)}`),
    `commands${shrunk ? ' (shrunk)' : ''}:`, ...small.steps.map((s) => `  ${s.map(shellQuote).join(' ')}`.slice(0, 500)),
    `failing command: ${o.argv.map(shellQuote).join(' ').slice(0, 500)}`,
    `exit ${o.code}, signal ${o.signal}, ${o.ms} ms, ${o.peakMb} MB resident in its largest process (${o.peakTotalMb} MB in ${o.processes})${o.over ? `, killed: over its ${o.over} limit` : ''}`,
    'stderr (last 3000 characters):', o.stderr.slice(-3000), '',
  ].join('\n'));
  appendFileSync(join(out, 'index.md'), `- ${relative(out, dir)}: ${f.verdict.kind}: ${f.verdict.detail.slice(0, 160).replace(/\n/g, ' ')}\n`);
  return dir;
}
