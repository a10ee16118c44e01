/** npm run bench [-- --suite smoke|full] [-- --repeat n] [-- --only text]: the same as `hfsim bench`, from the compiled CLI. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'main.js');
/** Signals that end this process (their default action) and that `hfsim bench` gets too (runner.ts passes them on to its case). */
const ENDING: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

// Not spawnSync: blocked in it, this process died of a SIGTERM sent to it alone (a `kill`, a CI job's timeout, npm
// passing on its own) and left `hfsim bench` running the rest of the suite. Such a signal is passed on to it, and
// this process then ends as it does.
const pass = (signal: NodeJS.Signals): void => { child.kill(signal); };
for (const s of ENDING) process.on(s, pass);
const child = spawn(process.execPath, [CLI, 'bench', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('error', (err) => {
  for (const s of ENDING) process.removeListener(s, pass);
  process.stderr.write(`bench: cannot start hfsim bench: ${err.message}\n`);
  process.exitCode = 1;
});
child.on('exit', (code, signal) => {
  for (const s of ENDING) process.removeListener(s, pass);
  if (signal !== null) process.kill(process.pid, signal); // no listener now: this process ends by the same signal
  else process.exitCode = code ?? 1;
});
