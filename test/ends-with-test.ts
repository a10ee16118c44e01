/**
 * A command a test spawns and waits on, ended with the test: a test that fails, or times out, before the command ends
 * (before the signal it was to send, or the output it waited for) left it running, a core and gigabytes, for as long
 * as the command lasted (the signal tests' fb-macro-io run: half an hour).
 */
import type { ChildProcess } from 'node:child_process';
import { onTestFinished } from 'vitest';

/** `child`, killed (SIGKILL; a detached one's whole process group) when the test that spawned it ends, if still running. */
export function endsWithTest<C extends ChildProcess>(child: C, detached = false): C {
  onTestFinished(() => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    try {
      process.kill(detached ? -child.pid : child.pid, 'SIGKILL');
    } catch {
      // gone between the check and the kill
    }
  });
  return child;
}
