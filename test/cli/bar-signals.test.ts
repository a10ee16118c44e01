/** A progress bar on a terminal that a Ctrl-C (SIGINT) or a kill (SIGTERM) ends leaves its line clear, and the command ends by the signal. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTPUT_LOCK } from '../../src/cli/output-lock.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
// stderr taken for a terminal, as run-progress.test.ts does: the bar is drawn only there
const TTY = ['--import', 'data:text/javascript,process.stderr.isTTY=true'];
// a terminal that draws in place whatever TERM the test itself runs under (a CI's may be dumb: no bar is drawn there)
const TERMINAL_ENV = { ...process.env, TERM: 'xterm-256color' };

/** Runs the CLI, sends `signal` once stderr shows `drawn`, and gives back stderr and how the process ended. */
async function interrupted(args: string[], drawn: string, signal: NodeJS.Signals): Promise<{ stderr: string; signal: NodeJS.Signals | null; code: number | null }> {
  const child: ChildProcess = spawn(process.execPath, [...TTY, CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: TERMINAL_ENV });
  let stderr = '';
  let sent = false;
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    if (!sent && stderr.includes(drawn)) {
      sent = true;
      setTimeout(() => child.kill(signal), 300); // a redraw or two later: mid-run
    }
  });
  const [code, ended] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  return { stderr, signal: ended, code };
}

describe('a progress bar interrupted on a terminal', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('hfsim run: %s clears the bar\'s line (it was left half-drawn under the prompt) and ends the run by the signal', async (signal) => {
    // a run of many seconds, so the bar (a second in) is drawn and the signal comes while the simulation runs
    const r = await interrupted(['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=20000'], ' jobs | simulated ', signal);
    expect(r.signal, r.stderr.slice(-300)).toBe(signal);
    expect(r.stderr).toContain('FIFO [');
    expect(r.stderr.endsWith('\r\x1b[K'), JSON.stringify(r.stderr.slice(-120))).toBe(true);
  });

  it('hfsim sweep: a Ctrl-C clears the bar\'s line, releases the output\'s lock and ends the sweep by SIGINT', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hfsim-bar-')), 'out');
    const r = await interrupted(['sweep', 'scenarios/skip-count.sweep.json', '--parallel', '1', '--out', out], ' points | ', 'SIGINT');
    expect(r.signal, r.stderr.slice(-300)).toBe('SIGINT');
    expect(r.stderr.endsWith('\r\x1b[K'), JSON.stringify(r.stderr.slice(-120))).toBe(true);
    expect(existsSync(join(out, OUTPUT_LOCK))).toBe(false);
  });
});
