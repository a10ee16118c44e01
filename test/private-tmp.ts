/**
 * Vitest's global set-up: the suite's temporary files in a folder of its own, removed when the suite ends. Its tests
 * and the commands they spawn make folders under os.tmpdir() (traces of 58 MB among them), and most left them: one
 * whole run left 600-odd folders, several GB, in /tmp, each run more. TMPDIR names the folder for the test workers,
 * which start after this set-up, and for every process they spawn (os.tmpdir() reads it), so none is left behind
 * whatever a test forgets; a user's own TMPDIR is where the folder goes.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Set while the suite's folder is made: vitest runs a global set-up once for each of the config's projects. */
const MADE = 'HFSIM_TEST_TMPDIR';

export default function setup(): () => void {
  if (process.env[MADE] !== undefined) return () => {};
  // a short name: tests that draw a bar of a temporary file's path on 80 columns have little room for more
  const dir = mkdtempSync(join(tmpdir(), 'ht'));
  // open to all as /tmp is (sticky): the tests that run a command as another user (nobody, test/cli/output.test.ts)
  // reach their files through it
  chmodSync(dir, 0o1777);
  process.env[MADE] = dir;
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
