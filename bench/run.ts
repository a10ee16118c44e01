/** npm run bench [-- --suite smoke|full] [-- --repeat n] [-- --only text]: the same as `hfsim bench`, from the compiled CLI. */
import { join } from 'node:path';
import { runToEnd } from './run-to-end.js';

const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'main.js');
// runToEnd, not spawnSync: blocked in it, this process died of a SIGTERM sent to it alone (a `kill`, a CI job's
// timeout, npm passing on its own) and left `hfsim bench` running the rest of the suite; the signal is passed on.
// hfsim bench ended by a signal (SIGKILL from the out-of-memory killer): this script ends by it too, as a shell reads
// (137), where it exited 1 with no word.
try {
  const ended = await runToEnd(process.execPath, [CLI, 'bench', ...process.argv.slice(2)], undefined, true);
  if (ended.signal !== null) process.kill(process.pid, ended.signal);
  process.exitCode = ended.status ?? 1;
} catch (err) {
  process.stderr.write(`bench: cannot start hfsim bench: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
