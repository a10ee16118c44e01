/**
 * Where outputs land (src/cli/output.ts, output-paths.ts, stdout.ts): through symbolic links, into pipes and devices, whole; output paths checked
 * before the run starts; and a reader that closes the pipe early ends the program quietly.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, constants, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endsWithTest } from '../ends-with-test.js';

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

  it('an output that is a loop of symbolic links is refused naming its flag (it named the path alone: which of --out, --jobs-csv, --html?)', () => {
    const dir = tmp();
    symlinkSync('loop.csv', join(dir, 'loop.csv'));
    const r = hfsim(['run', SMALL, ...ONE, '--jobs-csv', join(dir, 'loop.csv'), '--dry-run']);
    expect([r.code, r.stderr]).toEqual([2, `hfsim: --jobs-csv ${join(dir, 'loop.csv')}: too many levels of symbolic links\n`]);
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

  // `--out -` says "name a file, or /dev/stdout": the table printed after the JSON on that same stdout, which json.load
  // then refused ("Extra data"); it goes to stderr when an output is stdout.
  it.each([
    ['run --out /dev/stdout', ['run', SMALL, ...ONE, '--out', '/dev/stdout'], /^variant\s+mean resp/m],
    ['run --out /dev/fd/1', ['run', SMALL, ...ONE, '--out', '/dev/fd/1'], /^variant\s+mean resp/m],
    ['bench --json /dev/stdout', ['bench', '--only', 'latency-600 fair+wait', '--repeat', '1', '--json', '/dev/stdout'], /^case\s+policy\s+nodes/m],
  ])('%s: stdout is the JSON alone, the table on stderr', (_, args, table) => {
    const r = hfsim(args);
    expect(r.code, r.stderr).toBe(0);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toMatch(table);
  });

  const missing = '/no/such/folder';
  it.each([
    ['run --out into a missing folder', ['run', 'scenarios/fb2010-day.json', '--out', `${missing}/r.json`], `--out ${missing}/r.json: the folder ${missing} does not exist`],
    ['run --jobs-csv into a missing folder', ['run', 'scenarios/fb2010-day.json', '--jobs-csv', `${missing}/j.csv`], `--jobs-csv ${missing}/j.csv: the folder ${missing} does not exist`],
    ['run --html into a missing folder', ['run', 'scenarios/fb2010-day.json', '--html', `${missing}/r.html`], `--html ${missing}/r.html: the folder ${missing} does not exist`],
    ['run --html onto a folder', ['run', 'scenarios/fb2010-day.json', '--html', tmpdir()], `--html ${tmpdir()}: is a directory, not a file`],
    // it wrote r.json, a name the user did not give
    // it ran every experiment, then failed renaming its document onto the charts' folder (exit 1)
    ['experiments --out and --svg-dir on one path', ['experiments', '--only', 'analytic-skip', '--out', `${tmpdir()}/hfsim-same`, '--svg-dir', `${tmpdir()}/hfsim-same`],
      `--out ${tmpdir()}/hfsim-same: the same path as --svg-dir ${tmpdir()}/hfsim-same: the document needs a file, the charts a folder`],
    // it printed the document and made /dev/experiments for the charts (a walkthrough's finding)
    ['experiments --out /dev/stdout without --svg-dir', ['experiments', '--only', 'analytic-sticky', '--out', '/dev/stdout'],
      '--out /dev/stdout: a device or a pipe, and the charts go in a folder beside --out by default (/dev/experiments): give --svg-dir for them'],
    // a new file under /proc was called "a device or a pipe" (the outputs walkthrough)
    ['experiments --out under /proc without --svg-dir', ['experiments', '--only', 'analytic-sticky', '--out', '/proc/x.md'],
      '--out /proc/x.md: in /proc, a folder of the system\'s, and the charts go in a folder beside --out by default (/proc/experiments): give --svg-dir for them'],
    // it wrote the summary over the baseline report it compared
    ['bench compare --markdown onto an input', ['bench', 'compare', join(ROOT, 'package.json'), 'package.json', '--markdown', 'package.json'],
      `--markdown package.json: the same file as the input ${join(ROOT, 'package.json')}: writing it would replace that input`],
    ['run --out with a trailing slash', ['run', 'scenarios/fb2010-day.json', '--out', `${tmpdir()}/hfsim-no-such-r.json/`], `--out ${tmpdir()}/hfsim-no-such-r.json/: ends with a slash, so names a folder, not a file`],
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

  it.each([['SIGINT'], ['SIGTERM']])('%s during a write ends the process by that signal once the file is whole (the signal was lost and the command ran on, exit 0)', (signal) => {
    const dir = tmp();
    const out = join(dir, 'r.json');
    writeFileSync(out, 'old');
    // The signal comes while write-file-atomic writes (at its fsync), as a Ctrl-C that lands mid-write would.
    const script = `
      import { createRequire } from 'node:module';
      const fs = createRequire(import.meta.url)('fs');
      const fsync = fs.fsyncSync;
      let sent = false;
      fs.fsyncSync = (fd) => { if (!sent) process.kill(process.pid, '${signal}'); sent = true; return fsync(fd); };
      const { writeOutput } = await import(${JSON.stringify(join(ROOT, 'dist', 'src', 'cli', 'output.js'))});
      // From an I/O callback (as a sweep's last writes are): the signal is read in the next poll, after this one's check phase.
      fs.readFile(${JSON.stringify(join(ROOT, 'package.json'))}, () => {
        writeOutput(${JSON.stringify(out)}, '{"new": true}\\n');
        setTimeout(() => { console.log('ran on'); }, 300);
      });`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('ran on');
    expect(r.signal).toBe(signal);
    expect(readFileSync(out, 'utf8')).toBe('{"new": true}\n');
    expect(readdirSync(dir)).toEqual(['r.json']); // no temp file left
  });
});

/** A preload that sends SIGTERM at write-file-atomic's first fsync: while a command writes its first output file. */
const TERM_AT_FIRST_FSYNC = `data:text/javascript,${encodeURIComponent(`import fs from 'node:fs'; // the CommonJS module write-file-atomic calls through
  const fsync = fs.fsyncSync;
  let sent = false;
  fs.fsyncSync = (fd) => { if (!sent) process.kill(process.pid, 'SIGTERM'); sent = true; return fsync(fd); };`)}`;

describe('a run\'s outputs are one run\'s', () => {
  it('run: SIGTERM during the first of --out, --jobs-csv and --html: all three are written before the process ends (--out had been new beside the old CSV and report)', () => {
    const dir = tmp();
    const files = { out: join(dir, 'r.json'), csv: join(dir, 'jobs.csv'), html: join(dir, 'report.html') };
    for (const f of Object.values(files)) writeFileSync(f, 'old');
    // Between --out's write and the others the command had awaited the CSV's and the report's modules and the
    // report's charts, and the signal ended it there.
    const r = spawnSync(process.execPath, ['--import', TERM_AT_FIRST_FSYNC, CLI, 'run', SMALL, ...ONE, '--no-progress',
      '--out', files.out, '--jobs-csv', files.csv, '--html', files.html], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.signal, r.stderr).toBe('SIGTERM');
    expect(isResult(readFileSync(files.out, 'utf8'))).toBe(true);
    expect(readFileSync(files.csv, 'utf8')).toMatch(/^variant,/);
    expect(readFileSync(files.html, 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    expect(readdirSync(dir).sort()).toEqual(['jobs.csv', 'r.json', 'report.html']); // no temp file left
  });
});

/** Root can run a command as nobody (setpriv, util-linux): permission checks then apply, as for a user. */
const asNobody = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

describe('a write by a user whose umask or target takes away the owner\'s write bit', () => {
  it.skipIf(!asNobody)('writes the file whole and keeps the mode it would have (the temp file was reopened by path: permission denied after the whole run)', () => {
    const dir = tmp();
    chmodSync(dir, 0o777);
    const kept = join(dir, 'kept.json');
    writeFileSync(kept, '{}');
    chmodSync(kept, 0o644);
    execFileSync('chown', ['65534', kept]);
    const fresh = join(dir, 'fresh.json');
    const r = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'bash', '-c',
      `umask 0277 && "$0" "$@" --out ${JSON.stringify(kept)} && "$0" "$@" --out ${JSON.stringify(fresh)}`, process.execPath, CLI, 'run', SMALL, ...ONE, '--no-progress'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(isResult(readFileSync(kept, 'utf8')) && isResult(readFileSync(fresh, 'utf8'))).toBe(true);
    expect([statSync(kept).mode & 0o777, statSync(fresh).mode & 0o777]).toEqual([0o644, 0o400]);
    expect(readdirSync(dir).sort()).toEqual(['fresh.json', 'kept.json']);
  });
});

describe('a write the disk cannot take whole', () => {
  it('leaves the file there as it was, says so naming it, and leaves no temp file (a cut file replaced it, exit 0)', () => {
    // RLIMIT_FSIZE (bash's ulimit -f, in KB) as a full disk: a write past 4 KB is cut short (write-file-atomic renamed
    // what its one write(2) wrote: 4 KB of the 13 KB result), the next fails (EFBIG: Node ignores SIGXFSZ).
    const dir = tmp();
    const out = join(dir, 'r.json');
    writeFileSync(out, '{"old": true}\n');
    const r = spawnSync('bash', ['-c', `ulimit -f 4 && exec "$0" "$@"`, process.execPath, CLI, 'run', SMALL, '--out', out, '--no-progress'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    // exit 1, as the README says: the held SIGXFSZ was raised again after the message (exit 153, killed by it)
    expect([r.status, r.signal], r.stderr).toEqual([1, null]);
    expect(r.stderr).toContain(`hfsim: run failed: ${out}: not written (file too large); the file there is unchanged`);
    expect(readFileSync(out, 'utf8')).toBe('{"old": true}\n');
    expect(readdirSync(dir)).toEqual(['r.json']);
  });

  it('run: --html the disk cannot take leaves --out and --jobs-csv as they were too (they had been replaced by the failed run, exit 1)', () => {
    // The result (6 KB) and the CSV (1 KB) fit under 16 KB, the report (28 KB) does not.
    const dir = tmp();
    const files = { out: join(dir, 'r.json'), csv: join(dir, 'jobs.csv'), html: join(dir, 'report.html') };
    for (const f of Object.values(files)) writeFileSync(f, `old ${f}\n`);
    const r = spawnSync('bash', ['-c', `ulimit -f 16 && exec "$0" "$@"`, process.execPath, CLI, 'run', SMALL, ...ONE, '--no-progress',
      '--out', files.out, '--jobs-csv', files.csv, '--html', files.html], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect([r.status, r.signal], r.stderr).toEqual([1, null]);
    expect(r.stderr).toBe(`hfsim: run failed: ${files.html}: not written (file too large); the file there is unchanged; nor were the other outputs written: ${files.out}, ${files.csv}\n`);
    for (const f of Object.values(files)) expect(readFileSync(f, 'utf8')).toBe(`old ${f}\n`);
    expect(readdirSync(dir).sort()).toEqual(['jobs.csv', 'r.json', 'report.html']); // no temp file left
  });

  it.each([
    // it said only "ENOSPC: no space left on device, write", --out replaced
    ['/dev/fd/3', '3>/dev/full', '--html'],
    // --out was replaced, then "stdout: not written whole"
    ['/dev/stdout', '>/dev/full', '--jobs-csv'],
  ])('run: an output into a descriptor that refuses it (%s) is named in its turn, and the files before it are left as they were', (device, redirect, flag) => {
    const dir = tmp();
    const out = join(dir, 'r.json');
    writeFileSync(out, 'old\n');
    const r = spawnSync('bash', ['-c', `exec "$0" "$@" ${redirect}`, process.execPath, CLI, 'run', SMALL, ...ONE, '--no-progress', '--out', out, flag, device], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect([r.status, r.stderr]).toEqual([1, `hfsim: run failed: ${device}: not written whole (no space left on device); nor were the other outputs written: ${out}\n`]);
    expect(readFileSync(out, 'utf8')).toBe('old\n');
    expect(readdirSync(dir)).toEqual(['r.json']);
  });

  it('run: an output naming /dev/stdout whose reader leaves early (| head -c 10) ends quietly: the other outputs written, exit 0', () => {
    const dir = tmp();
    const out = join(dir, 'r.json');
    writeFileSync(out, 'old\n');
    // 3,000 jobs: a CSV of 200 KB, more than the pipe holds, so the reader's leaving is met by a write
    writeFileSync(join(dir, 's.json'), JSON.stringify({ scheduler: { policy: 'fifo' }, workload: { kind: 'facebook', jobs: 3000 } }));
    const r = spawnSync('bash', ['-c', `"$0" "$@" | (sleep 1; head -c 10); echo " exit \${PIPESTATUS[0]}"`, process.execPath, CLI, 'run', join(dir, 's.json'), '--no-progress', '--out', out, '--jobs-csv', '/dev/stdout'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.stdout).toBe('variant,se exit 0\n');
    expect(r.stderr).not.toContain('hfsim:');
    expect(JSON.parse(readFileSync(out, 'utf8')).variant).toBe('fifo');
  });

  it('run: an output naming /dev/stdout read by a slow reader arrives whole (the write waits on the full pipe)', () => {
    const dir = tmp();
    const csv = join(dir, 'jobs.csv');
    writeFileSync(join(dir, 's.json'), JSON.stringify({ scheduler: { policy: 'fifo' }, workload: { kind: 'facebook', jobs: 3000 } }));
    // the same CSV into a file, and through a pipe the reader leaves full for a second
    expect(spawnSync(process.execPath, [CLI, 'run', join(dir, 's.json'), '--no-progress', '--jobs-csv', csv], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }).status).toBe(0);
    const r = spawnSync('bash', ['-c', `"$0" "$@" | (sleep 1; cat > "${join(dir, 'piped.csv')}"); echo "exit \${PIPESTATUS[0]}"`, process.execPath, CLI, 'run', join(dir, 's.json'), '--no-progress', '--jobs-csv', '/dev/stdout'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.stdout).toBe('exit 0\n');
    expect(readFileSync(csv).length).toBeGreaterThan(65_536); // more than a pipe holds
    expect(readFileSync(join(dir, 'piped.csv'), 'utf8')).toBe(readFileSync(csv, 'utf8'));
  });

  it('experiments: a document the disk cannot take leaves its charts as they were (the new charts had replaced them beside the old document, exit 1)', () => {
    const dir = tmp();
    const doc = join(dir, 'E.md');
    symlinkSync('/dev/full', doc); // the document's write fails, after its chart's
    const chart = join(dir, 'experiments', 'hardware-trends.svg');
    mkdirSync(join(dir, 'experiments'));
    writeFileSync(chart, 'old chart\n');
    const r = hfsim(['experiments', '--quick', '--only', 'hardware-trends', '--out', doc, '--svg-dir', join(dir, 'experiments'), '--no-progress', '--parallel', '0'], 120_000);
    expect([r.code, r.stderr]).toEqual([1, `hfsim: experiments failed: ${doc}: not written whole (no space left on device); nor were the other outputs written: ${chart}\n`]);
    expect(readFileSync(chart, 'utf8')).toBe('old chart\n');
    expect(readdirSync(join(dir, 'experiments'))).toEqual(['hardware-trends.svg']);
  }, 120_000);

  it('stdout on a full disk: one line naming stdout, exit 1 (a stack trace); a device: its name (ENOSPC alone)', () => {
    const full = spawnSync('bash', ['-c', `exec "$0" "$@" > /dev/full`, process.execPath, CLI, 'run', SMALL, '--json', '--no-progress'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect([full.status, full.stderr]).toEqual([1, 'hfsim: stdout: not written whole (no space left on device)\n']);
    // a regular file that takes part of it (a size limit here; a full disk alike): it was cut, exit 0
    const file = join(tmp(), 'r.json');
    const cut = spawnSync('bash', ['-c', `ulimit -f 4 && exec "$0" "$@" > "${file}"`, process.execPath, CLI, 'run', SMALL, '--json', '--no-progress'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect([cut.status, cut.stderr]).toEqual([1, 'hfsim: stdout: not written whole (file too large)\n']);
    const device = spawnSync(process.execPath, [CLI, 'run', SMALL, '--out', '/dev/full', '--no-progress'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect([device.status, device.stderr]).toEqual([1, 'hfsim: run failed: /dev/full: not written whole (no space left on device)\n']);
    // another command's failure names that command (a report's read "run failed")
    const result = join(tmp(), 'r.json');
    expect(spawnSync(process.execPath, [CLI, 'run', SMALL, '--out', result, '--no-progress'], { cwd: ROOT }).status).toBe(0);
    const report = spawnSync(process.execPath, [CLI, 'report', result, '--html', '/dev/full'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect([report.status, report.stderr]).toEqual([1, 'hfsim: report failed: /dev/full: not written whole (no space left on device)\n']);
  });

  it('--out /dev/stderr is an output: into a stderr that refuses it, exit 1 (the diagnostics are dropped, not it)', () => {
    const r = spawnSync('bash', ['-c', `exec "$0" "$@" 2>/dev/full`, process.execPath, CLI, 'run', SMALL, '--out', '/dev/stderr', '--no-progress'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
  });

  it('stderr that refuses writes (2>/dev/full) drops the diagnostics and the command goes on: a sweep writes its output whole, exit 0 (it stopped at its first progress line, exit 1)', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ name: 'b', cluster: { racks: 2, nodesPerRack: 5 }, workload: { kind: 'facebook', jobs: 20 } }));
    writeFileSync(join(dir, 's.sweep.json'), JSON.stringify({ name: 's', base: 'b.json', seeds: [1, 2, 3] }));
    const out = join(dir, 'o');
    const r = spawnSync('bash', ['-c', `exec "$0" "$@" 2>/dev/full`, process.execPath, CLI, 'sweep', join(dir, 's.sweep.json'), '--out', out, '--parallel', '1'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('s: 3 points, ran 3');
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(existsSync(join(out, 'aggregate.csv'))).toBe(true);
  });

  it('a signal while the result goes into a pipe ends the command once the reader has it whole (it was cut at 64 KB)', async () => {
    const dir = tmp();
    const fifo = join(dir, 'p');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK); // a reader there: the command's open goes on
    const child = endsWithTest(spawn(process.execPath, [CLI, 'run', 'scenarios/fb-macro-io.json', '--out', fifo, '--no-progress'], { cwd: ROOT, stdio: 'ignore' }));
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Its 110 KB result fills the pipe's 64 KB: the command blocks inside its write (the kernel says where it sleeps).
    const wchan = `/proc/${child.pid}/wchan`;
    for (let t = 0; t < 600 && !(existsSync(wchan) && readFileSync(wchan, 'utf8').includes('pipe_write')); t++) await sleep(100);
    expect(readFileSync(wchan, 'utf8')).toContain('pipe_write');
    child.kill('SIGINT');
    await sleep(200);
    const chunks: Buffer[] = [];
    const buf = Buffer.alloc(65536);
    for (let t = 0; t < 3000; t++) {
      let n = -1;
      try {
        n = readSync(reader, buf);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      }
      if (n > 0) chunks.push(Buffer.from(buf.subarray(0, n)));
      else if (n === 0) break; // the writer has closed it
      else await sleep(20);
    }
    closeSync(reader);
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    expect(child.signalCode).toBe('SIGINT');
    expect(() => JSON.parse(Buffer.concat(chunks).toString('utf8'))).not.toThrow();
  });
});

describe('outputs that cannot be written, or would replace one another: exit 2 before any work, nothing of the user\'s lost', () => {
  const SLOW = 'scenarios/fb2010-day.json'; // runs 20 s: an exit within the timeout is one before the run
  const SWEEP = 'scenarios/skip-count.sweep.json';

  it.each([
    ['the same path', (d: string) => ['--out', join(d, 'r.json'), '--jobs-csv', join(d, 'r.json')], '--jobs-csv', '--out'],
    ['--out and --html on one new name', (d: string) => ['--out', join(d, 'x'), '--html', join(d, 'x')], '--html', '--out'],
    ['a symbolic link to the other', (d: string) => { symlinkSync('r.json', join(d, 'alias.json')); return ['--html', join(d, 'alias.json'), '--jobs-csv', join(d, 'r.json')]; }, '--html', '--jobs-csv'],
    ['a path through .. to a name not there yet', (d: string) => ['--out', join(d, 'sub', '..', 'n.json'), '--html', join(d, 'n.json')], '--html', '--out'],
    ['a hard link to the other', (d: string) => { linkSync(join(d, 'r.json'), join(d, 'hard.json')); return ['--out', join(d, 'r.json'), '--jobs-csv', join(d, 'hard.json')]; }, '--jobs-csv', '--out'],
  ])('two output flags naming one file (%s) are refused (the later write replaced the earlier, exit 0)', (_, flags, second, first) => {
    const dir = tmp();
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'r.json'), 'mine');
    const args = flags(dir);
    const r = hfsim(['run', SLOW, ...args], 15_000);
    expect(r.code, r.stderr).toBe(2);
    const name = (flag: string): string => args[args.indexOf(flag) + 1];
    expect(r.stderr.trim()).toBe(`hfsim: ${second} ${name(second)}: the same file as ${first} ${name(first)}: each output needs a file of its own`);
    expect(readFileSync(join(dir, 'r.json'), 'utf8')).toBe('mine');
    expect(readdirSync(dir).filter((f) => !['r.json', 'sub', 'alias.json', 'hard.json'].includes(f))).toEqual([]);
  });

  it.each([
    ['--out onto the scenario', (d: string) => ['run', join(d, 's.json'), '--out', join(d, 's.json')], 's.json'],
    ['--jobs-csv onto the trace it reads', (d: string) => ['run', join(d, 's.json'), '--jobs-csv', join(d, 'trace.tsv')], 'trace.tsv'],
    ['--html onto the allocation file, through ..', (d: string) => ['run', join(d, 'a.json'), '--html', join(d, 'sub', '..', 'pools.xml')], 'pools.xml'],
    ['--html onto the --plugin file', (d: string) => ['run', join(d, 's.json'), '--plugin', join(d, 'p.mjs'), '--html', join(d, 'p.mjs')], 'p.mjs'],
    ['report --html onto the result it reads', (d: string) => ['report', join(d, 'r.json'), '--html', join(d, 'r.json')], 'r.json'],
  ])('an output onto one of the run\'s inputs (%s) is refused (it replaced the input, exit 0)', (_, args, input) => {
    const dir = tmp();
    mkdirSync(join(dir, 'sub'));
    const trace = readFileSync(join(ROOT, 'data', 'traces', 'FB-2009_samples_24_times_1hr_0_first50jobs.tsv'), 'utf8');
    const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios', 'swim-first50.json'), 'utf8'));
    const files: Record<string, string> = {
      'trace.tsv': trace,
      's.json': JSON.stringify({ ...scenario, workload: { ...scenario.workload, trace: 'trace.tsv' } }),
      'a.json': JSON.stringify({ ...JSON.parse(readFileSync(join(ROOT, 'scenarios', 'allocations', 'sample.json'), 'utf8')), variants: undefined }).replace('fair-scheduler.xml', 'pools.xml'),
      'pools.xml': readFileSync(join(ROOT, 'scenarios', 'allocations', 'fair-scheduler.xml'), 'utf8'),
      'p.mjs': `import { registerPolicy } from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))};\nregisterPolicy('p-out', { description: 'x', create: () => { throw new Error('not run'); } });\n`,
      'r.json': hfsim(['run', SMALL, ...ONE, '--json']).stdout,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const r = hfsim(args(dir), 30_000);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim()).toMatch(new RegExp(`: the same file as the input .*${input.replace('.', '\\.')}: writing it would replace that input$`));
    for (const [name, text] of Object.entries(files)) expect(readFileSync(join(dir, name), 'utf8'), name).toBe(text);
  });

  it('report --html onto a sweep output\'s manifest is refused (the sweep could no longer be resumed); beside it, allowed', () => {
    const dir = tmp();
    const out = join(dir, 'out');
    writeFileSync(join(dir, 'base.json'), readFileSync(join(ROOT, SMALL), 'utf8'));
    writeFileSync(join(dir, 'w.sweep.json'), JSON.stringify({ name: 'w', base: 'base.json', axes: { variant: ['Naive fair'] }, seeds: [1] }));
    expect(hfsim(['sweep', join(dir, 'w.sweep.json'), '--out', out, '--no-progress']).code).toBe(0);
    const manifest = readFileSync(join(out, 'sweep.json'), 'utf8');
    const r = hfsim(['report', out, '--html', join(out, 'sweep.json')]);
    expect(r.code, r.stderr).toBe(2);
    expect(readFileSync(join(out, 'sweep.json'), 'utf8')).toBe(manifest);
    expect(hfsim(['report', out, '--html', join(out, 'report.html')]).code).toBe(0);
  });

  it.each([
    ['experiments --out onto a sweep file it reads', ['experiments', '--quick', '--only', 'analytic-skip', '--out', 'scenarios/experiments/analytic-skip.sweep.json', '--svg-dir', join(tmp(), 'svg')], 'scenarios/experiments/analytic-skip.sweep.json'],
    ['bench --json onto a scenario of its suite (its child processes read it)', ['bench', '--suite', 'smoke', '--json', 'scenarios/fb-macro-io.json'], 'scenarios/fb-macro-io.json'],
  ])('%s is refused before any work (it was replaced, exit 0)', (_, args, input) => {
    const file = join(ROOT, input);
    const before = readFileSync(file, 'utf8');
    try {
      const r = hfsim(args, 30_000);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim()).toBe(`hfsim: ${args[args.indexOf(input) - 1]} ${input}: the same file as the input ${file}: writing it would replace that input`);
    } finally {
      if (readFileSync(file, 'utf8') !== before) writeFileSync(file, before); // never leave the checkout changed
    }
  });

  it('--out - is refused (it made a file named "-")', () => {
    const r = hfsim(['run', SMALL, ...ONE, '--out', '-']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('hfsim: --out -: "-" is not stdout here (it made a file named "-"): name a file, or /dev/stdout');
  });

  // An output flag takes the next word as its file, a flag too: `bench --json --repeat=1` ran 3 rounds and wrote a
  // file named "--repeat=1", `run --out --no-progress` showed progress and wrote "--no-progress", both exit 0; and
  // `bench --json --only x` read "too many arguments". One of the command's own flags is named as such (program.ts).
  it.each([
    ['bench --json --repeat=1', ['bench', '--only', 'latency-600 fair+wait', '--json', '--repeat=1'], "option '--json <file>' took --repeat=1 as its value: --repeat is an option of hfsim bench; give --json its value first"],
    ['bench --json --only x', ['bench', '--json', '--only', 'x'], "option '--json <file>' took --only as its value: --only is an option of hfsim bench; give --json its value first"],
    ['run --out --no-progress', ['run', join(ROOT, SMALL), ...ONE, '--out', '--no-progress'], "option '--out <file>' took --no-progress as its value: --no-progress is an option of hfsim run; give --out its value first"],
    ['run --jobs-csv --json', ['run', join(ROOT, SMALL), ...ONE, '--jobs-csv', '--json'], "option '--jobs-csv <file>' took --json as its value: --json is an option of hfsim run; give --jobs-csv its value first"],
    ['sweep --out --no-progress', ['sweep', join(ROOT, 'scenarios', 'skip-count.sweep.json'), '--out', '--no-progress'], "option '--out <dir>' took --no-progress as its value: --no-progress is an option of hfsim sweep; give --out its value first"],
    // an option with a parser too (it read "argument '--variant' is invalid. --seed must be a whole number"), and --help
    ['run --seed --variant x', ['run', join(ROOT, SMALL), '--seed', '--variant', 'x'], "option '--seed <n>' took --variant as its value: --variant is an option of hfsim run; give --seed its value first"],
    ['run --variant --help', ['run', join(ROOT, SMALL), '--variant', '--help'], "option '--variant <name>' took --help as its value: --help is an option of hfsim run; give --variant its value first"],
  ])('%s: a flag of the command taken as the output file is refused, and no file is made', (_, args, said) => {
    const dir = tmp();
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`error: ${said}`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a flag that is no option of the command, taken as the output file, is refused too (output-paths.ts)', () => {
    const dir = tmp();
    const r = spawnSync(process.execPath, [CLI, 'run', join(ROOT, SMALL), ...ONE, '--out', '--nope'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.trim()).toBe('hfsim: --out --nope: is a flag, not a file name: --out took the flag after it as its file; name the file after --out (a file whose name starts with "-": ./--nope)');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a file whose name starts with "-" is written when named ./-name', () => {
    const dir = tmp();
    const r = spawnSync(process.execPath, [CLI, 'run', join(ROOT, SMALL), ...ONE, '--out', './-r.json'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(isResult(readFileSync(join(dir, '-r.json'), 'utf8'))).toBe(true);
  });
  it('a sweep\'s --out ./-res is a folder, not a flag: its aggregates -res/aggregate.csv were refused as one', () => {
    const dir = tmp();
    writeFileSync(join(dir, 't.sweep.json'), JSON.stringify({ name: 't', base: join(ROOT, SMALL), axes: { variant: ['Naive fair'] }, seeds: [1] }));
    const r = spawnSync(process.execPath, [CLI, 'sweep', 't.sweep.json', '--out', './-res', '--no-progress'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(join(dir, '-res'))).toContain('aggregate.csv');
  });

  it('--out /dev/null twice is written into twice, never replaced: allowed', () => {
    const r = hfsim(['run', SMALL, ...ONE, '--out', '/dev/null', '--jobs-csv', '/dev/null']);
    expect(r.code, r.stderr).toBe(0);
  });

  it('a file name too long for its temp file (name + 11 bytes > 255) is refused before the run (it ran, then ENAMETOOLONG, exit 1); 244 bytes is written', () => {
    const dir = tmp();
    const long = join(dir, `${'z'.repeat(245)}.json`);
    const r = hfsim(['run', SLOW, '--out', long], 15_000);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim()).toBe(`hfsim: --out ${long}: the file name is 250 bytes; its temp file's name (11 bytes more) would pass the limit of 255 bytes a name: choose a name of at most 244 bytes`);
    const fits = join(dir, `${'z'.repeat(239)}.json`);
    expect(hfsim(['run', SMALL, ...ONE, '--out', fits]).code).toBe(0);
    expect(isResult(readFileSync(fits, 'utf8'))).toBe(true);
    expect(readdirSync(dir)).toEqual([`${'z'.repeat(239)}.json`]);
  });

  // access(2) passes for root under /proc and /sys: the check creates a file there, as the write will (it ran, then ENOENT, exit 1)
  it.each([
    ['--out', '/proc/x.json'],
    ['--html', '/sys/x.html'],
  ])('run %s %s: exit 2 before the run', (flag, file) => {
    const r = hfsim(['run', SLOW, flag, file], 15_000);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^hfsim: ${flag} ${file}: (cannot create a file in the folder|the folder) /(proc|sys)`));
    expect(r.stdout).toBe('');
  });

  it('sweep --out and sweep merge --out under /proc: exit 2 (a recursive mkdir there never returned)', () => {
    const shard = tmp();
    writeFileSync(join(shard, 'sweep.json'), JSON.stringify({ name: 'm', file: 'm.sweep.json', hash: 'h', axes: [], seeds: [1], points: [] }));
    for (const args of [['sweep', SWEEP, '--out', '/proc/x'], ['sweep', 'merge', shard, '--out', '/proc/x/y']]) {
      const r = hfsim(args, 15_000);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/^hfsim: --out \/proc\/x(\/y)?: (cannot create a folder in|the folder) \/proc/);
    }
  });

  it('sweep --out with a folder name over 255 bytes: exit 2 naming it (ENAMETOOLONG, exit 1)', () => {
    const out = join(tmp(), 'd'.repeat(300));
    const r = hfsim(['sweep', SWEEP, '--out', out], 15_000);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim()).toBe(`hfsim: --out ${out}: a folder name of 300 bytes, above the limit of 255 bytes a name`);
  });

  // Root writes into a read-only folder anyway: as root, the CLI runs as nobody (setpriv).
  const root = process.getuid?.() === 0;
  const asUser = (args: string[]) => {
    const r = root
      ? spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 15_000 })
      : spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 15_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  it.skipIf(root && spawnSync('setpriv', ['--version']).status !== 0)('sweep --out and sweep merge --out into a read-only folder: exit 2 as run --out gives (EACCES, exit 1, after work started)', () => {
    const dir = tmp();
    const ro = join(dir, 'ro');
    mkdirSync(ro);
    chmodSync(dir, 0o755);
    chmodSync(ro, 0o555);
    const shard = join(dir, 'shard');
    mkdirSync(shard);
    writeFileSync(join(shard, 'sweep.json'), JSON.stringify({ name: 'm', file: 'm.sweep.json', hash: 'h', axes: [], seeds: [1], points: [] }));
    chmodSync(shard, 0o755);
    chmodSync(join(shard, 'sweep.json'), 0o644);
    for (const [args, out] of [[['sweep', SWEEP, '--out', join(ro, 'x')], join(ro, 'x')], [['sweep', 'merge', shard, '--out', join(ro, 'x', 'y')], join(ro, 'x', 'y')],
      [['run', SLOW, '--out', join(ro, 'x.json')], join(ro, 'x.json')]] as const) {
      const r = asUser([...args]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim()).toBe(`hfsim: --out ${out}: the folder ${ro}: not writable (permission denied)`);
    }
    expect(readdirSync(ro)).toEqual([]);
  });
});
