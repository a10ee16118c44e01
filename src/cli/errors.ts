/** Bad input (scenario, flags, files): reported as one line and exit code 2, never a stack trace. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

export const EXIT = { ok: 0, runFailed: 1, badInput: 2, regression: 3 } as const;
