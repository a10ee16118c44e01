/**
 * Where outputs land (src/cli/output.ts): through symbolic links, into pipes and devices, whole; output paths checked
 * before the run starts; and a reader that closes the pipe early ends the program quietly.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const SMALL = 'scenarios/sticky-slots.json';
const ONE = ['--variant', 'Naive fair']; // one variant of SMALL: its result is one object

function hfsim(args: string[], timeout = 60_000) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = (): string => mkdtempSync(join(tmpdir(), 'hfsim-output-'));
const isResult = (text: string): boolean => JSON.parse(text).scenario === 'sticky-slots';

describe('outputs', () => {
  it('--out onto a symbolic link writes the link target (also a chain, and a target not there yet); the links stay links', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'real.json'), 'old');
    symlinkSync('real.json', join(dir, 'a.json'));
    symlinkSync('a.json', join(dir, 'b.json'));
    mkdirSync(join(dir, 'sub'));
    symlinkSync(join('sub', 'new.json'), join(dir, 'dangling.json'));
    for (const link of ['b.json', 'dangling.json']) expect(hfsim(['run', SMALL, ...ONE, '--out', join(dir, link)]).code).toBe(0);
    for (const link of ['a.json', 'b.json', 'dangling.json']) expect(lstatSync(join(dir, link)).isSymbolicLink()).toBe(true);
    expect(isResult(readFileSync(join(dir, 'real.json'), 'utf8'))).toBe(true);
    expect(isResult(readFileSync(join(dir, 'sub', 'new.json'), 'utf8'))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'b.json', 'dangling.json', 'real.json', 'sub']); // no temp file left
  });

  it('a file rewritten keeps its mode', () => {
    const file = join(tmp(), 'r.json');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    expect(hfsim(['run', SMALL, ...ONE, '--out', file]).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(isResult(readFileSync(file, 'utf8'))).toBe(true);
  });

  it('--out onto a named pipe writes into it (the reader gets the whole result) and leaves the pipe a pipe', async () => {
    const fifo = join(tmp(), 'fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    const chunks: Buffer[] = [];
    reader.stdout.on('data', (c: Buffer) => chunks.push(c));
    const closed = new Promise((done) => reader.on('close', done));
    const r = hfsim(['run', SMALL, ...ONE, '--out', fifo]);
    await closed;
    expect(r.code, r.stderr).toBe(0);
    expect(isResult(Buffer.concat(chunks).toString('utf8'))).toBe(true);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.each([['/dev/null'], ['/dev/stdout']])('--out %s writes into the device, which stays a device', (device) => {
    const r = hfsim(['run', SMALL, ...ONE, '--out', device]);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    if (device === '/dev/stdout') expect(r.stdout.startsWith('{\n  "scenario": "sticky-slots"')).toBe(true);
  });

  const missing = '/no/such/folder';
  it.each([
    ['run --out into a missing folder', ['run', 'scenarios/fb2010-day.json', '--out', `${missing}/r.json`], `--out ${missing}/r.json: the folder ${missing} does not exist`],
    ['run --jobs-csv into a missing folder', ['run', 'scenarios/fb2010-day.json', '--jobs-csv', `${missing}/j.csv`], `--jobs-csv ${missing}/j.csv: the folder ${missing} does not exist`],
    ['run --html into a missing folder', ['run', 'scenarios/fb2010-day.json', '--html', `${missing}/r.html`], `--html ${missing}/r.html: the folder ${missing} does not exist`],
    ['run --html onto a folder', ['run', 'scenarios/fb2010-day.json', '--html', tmpdir()], `--html ${tmpdir()}: is a directory, not a file`],
    ['bench --json into a missing folder', ['bench', '--suite', 'full', '--json', `${missing}/b.json`], `--json ${missing}/b.json: the folder ${missing} does not exist`],
    ['report --html into a missing folder', ['report', join(ROOT, 'scenarios', 'sticky-slots.json'), '--html', `${missing}/r.html`], `--html ${missing}/r.html: the folder ${missing} does not exist`],
    ['sweep --out onto a file', ['sweep', 'scenarios/skip-count.sweep.json', '--out', join(ROOT, 'package.json')], `--out ${join(ROOT, 'package.json')}: exists and is not a folder`],
  ])('%s: exit 2 naming the path, before any work (fb2010-day alone runs 20 s)', (_, args, message) => {
    const r = hfsim(args, 15_000);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim()).toBe(`hfsim: ${message}`);
    expect(r.stdout).toBe('');
  });

  it('a reader that closes the pipe early ends the run quietly, exit 0 (hfsim run --json | head -c 100)', () => {
    // fb-macro-io's result is ~108 KB, more than a pipe holds: the write meets the closed pipe.
    const r = spawnSync('bash', ['-c', `node ${CLI} run scenarios/fb-macro-io.json --json | head -c 100 >/dev/null; echo "exit \${PIPESTATUS[0]}"`],
      { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('exit 0');
  });
});

describe('no output is left half-written', () => {
  it('a missing folder stops the run before it writes anything', () => {
    const dir = tmp();
    const out = join(dir, 'r.json');
    expect(hfsim(['run', SMALL, ...ONE, '--out', out, '--jobs-csv', join(dir, 'missing', 'j.csv')]).code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});
