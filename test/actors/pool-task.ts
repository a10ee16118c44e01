/** A task module for pool.test.ts: echoes, throws (an Error, or a value that is not one), answers with its process id or flags, exits its process, never ends, or throws from a timer it set (while it has not ended, or after its answer), or answers after a while, or answers with a large string. */
export type PoolTestTask = { kind: 'echo'; value: unknown } | { kind: 'throw'; message: string } | { kind: 'throwValue'; what: 'null' | 'undefined' | 'symbol' | 'function' | 'ownClass' } | { kind: 'pid' } | { kind: 'execArgv' } | { kind: 'exit' } | { kind: 'hang' } | { kind: 'throwLater'; message: string } | { kind: 'throwAfter'; message: string; afterMs?: number } | { kind: 'echoLater'; value: unknown; ms: number } | { kind: 'big'; mb: number };

export default async function poolTestTask(task: PoolTestTask): Promise<unknown> {
  if (task.kind === 'throw') throw new Error(task.message);
  if (task.kind === 'throwValue') throw thrown[task.what]();
  if (task.kind === 'pid') return process.pid;
  if (task.kind === 'execArgv') return process.execArgv;
  if (task.kind === 'exit') process.exit(7);
  if (task.kind === 'throwLater') {
    setTimeout(() => { throw new Error(task.message); }, 0);
    return new Promise(() => undefined);
  }
  if (task.kind === 'throwAfter') {
    setTimeout(() => { throw new Error(task.message); }, task.afterMs ?? 0);
    return 'answered';
  }
  if (task.kind === 'big') return 'x'.repeat(task.mb * 1024 * 1024);
  if (task.kind === 'echoLater') return new Promise((done) => setTimeout(() => done(task.value), task.ms));
  if (task.kind === 'hang') return new Promise(() => setInterval(() => undefined, 1000));
  return task.value;
}

class QuotaError extends Error {
  readonly quota = 3;
  constructor() {
    super('');
    this.name = 'QuotaError';
  }
}

const thrown = { null: () => null, undefined: () => undefined, symbol: () => Symbol('s'), function: () => function f() {}, ownClass: () => new QuotaError() };
