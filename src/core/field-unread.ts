/**
 * A scenario error as data beside its words (parseScenario's `issues`): where it ends in advice that holds wherever
 * the field came from ("remove it, or set it to null in a variant that changes ..."), what it is about, for a caller
 * that knows what gave the field (the CLI: a --set, a variant, the file) to advise that instead without reading the words.
 */

/** The plugin a field is given to: the field naming it as the message says ("policy", "preemption.policy"), its path and the name. */
export interface PluginNamed {
  kind: string;
  path: string;
  name: string;
}

/** The advice a message ends in, `then` after it (")" or ""), which holds wherever the field came from. */
export interface GeneralAdvice {
  text: string;
  then: string;
}

/**
 * A field given to a plugin that reads none of it, at the scenario path `field`: 'config-left', a config for a
 * plugin that takes none (most often another plugin's, left by a variant that changed the name); 'field-ignored', a
 * scheduler field the policy ignores (only other policies read it).
 */
export type FieldUnread =
  | { kind: 'config-left'; field: string; plugin: PluginNamed; advice: GeneralAdvice }
  | { kind: 'field-ignored'; field: string; plugin: PluginNamed; advice: GeneralAdvice };

/** One error of a scenario: its line, and what it is about where that is known as data. */
export interface ScenarioIssue {
  message: string;
  unread?: FieldUnread;
}

/** A zod issue (raw, as pushed) carrying `unread` beside its message: zod keeps an issue's own keys. */
export const withUnread = <T extends object>(issue: T, unread: FieldUnread): T & { unread: FieldUnread } => ({ ...issue, unread });

/** The FieldUnread a zod issue carries (withUnread), or undefined. */
export const unreadOf = (issue: object): FieldUnread | undefined => (issue as { unread?: FieldUnread }).unread;

/** The issue of `message`, with `unread` where the message ends in its advice (a message rewritten without it is about nothing known). */
export const issueOf = (message: string, unread: FieldUnread | undefined): ScenarioIssue =>
  (unread === undefined || !endsInAdvice(message, unread) ? { message } : { message, unread });

/** `issue` with its message made by `rewrite`, keeping what it is about where the rewrite keeps the advice it ends in. */
export const rewritten = (issue: ScenarioIssue, rewrite: (message: string) => string): ScenarioIssue => issueOf(rewrite(issue.message), issue.unread);

/** Whether `message` ends in `unread`'s general advice, as the data says. */
export const endsInAdvice = (message: string, { advice }: FieldUnread): boolean => message.endsWith(`${advice.text}${advice.then}`);
