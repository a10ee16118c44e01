/**
 * README.md is a contract: users' scripts rely on the commands, flags, scenario fields and result formats it names.
 * These checks read the sources of truth (the commander program's own commands and options, the scenario schema the
 * code generates, package.json's scripts, one small run's JSON and CSV) and README.md as text, and fail on drift
 * either way:
 *   1. every command and (visible) flag of the CLI is named in README, in the command's usage or its section, and every
 *      flag README names for a command is one that command accepts;
 *   2. every concrete `hfsim ...` command line in README (and each package.json script that runs the CLI) parses, through
 *      the real program with its actions replaced (nothing runs); a usage synopsis (`[--seed n]`, `<file>`) has its
 *      command and flags checked;
 *   3. every field of README's scenario example blocks is in the scenario schema, and every top-level, cluster,
 *      cluster.network, scheduler and workload (each kind's) field of the schema is named in README;
 *   4. the result JSON keys README lists under "Results" are in a real run's JSON, and the jobs CSV columns README lists
 *      are the CSV's header;
 *   5. every file shipped in scenarios/ (allocation and capacity files too) and examples/ is named in README, and every
 *      scenarios/ or examples/ path README names exists;
 *   6. the other documents in docs/ (the performance log, which holds README's measurement history) are held to checks 1,
 *      2 and 5 on what they name: each command line's flags are ones its command (or tool) accepts, each whole hfsim line
 *      parses, each flag named in prose is some command's, a tool's or Node's, each scenarios/ or examples/ path exists;
 *      and each README link into docs/ names a file there and a heading of it.
 * Flags of other tools (node, npm, the fuzz/harness/bench scripts) are told apart by context: the command line they are
 * on, the section or paragraph that runs that tool, or Node's and V8's own option lists; where a tool is this
 * repository's script, its flags are read from its source and README's must be among them. The last block of tests
 * feeds each check a deliberately broken README, program, schema or result and expects it to complain.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { benchReportSchema } from '../../src/cli/bench-schema.js';
import { jsonSchemaFiles } from '../../src/cli/json-schema.js';
import { jobsCsv } from '../../src/cli/jobs-csv.js';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { manifestOf } from '../../src/cli/sweep-output.js';
import { buildProgram } from '../../src/cli/program.js';
import type { Result } from '../../src/actors/simulate.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const CLI_SCRIPT = 'dist/src/cli/main.js';
/** docs/*.md, by path from the repository's root. */
const DOCS: Array<{ file: string; text: string }> = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort()
  .map((f) => ({ file: `docs/${f}`, text: readFileSync(join(ROOT, 'docs', f), 'utf8') }));
/** The program, for looking up its commands (a check of a changed program gets its own). */
const PROGRAM = buildProgram();

// ---------------------------------------------------------------------------------------------------------------
// The CLI's commands and options, from the commander program itself.

interface CliCommand {
  path: string; // '' for the program, 'run', 'sweep merge', ...
  cmd: Command;
  /** Every long and short option it accepts (hidden ones too), and --help. */
  accepts: Set<string>;
  /** The options a user is meant to see: those --help lists (a hidden option, e.g. run's test hook --inject-fault, is not). */
  visible: string[];
}

function cliCommands(program: Command): CliCommand[] {
  const out: CliCommand[] = [];
  const walk = (cmd: Command, path: string): void => {
    const help = cmd.createHelp();
    const names = (o: Option): string[] => [o.long, o.short].filter((n): n is string => n !== undefined);
    const visible = help.visibleOptions(cmd).map((o) => o.long).filter((n): n is string => n !== undefined);
    out.push({ path, cmd, accepts: new Set([...cmd.options.flatMap(names), ...help.visibleOptions(cmd).flatMap(names)]), visible });
    for (const sub of cmd.commands) walk(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  walk(program, '');
  return out;
}

/** Parses argv (after `hfsim`) with the real program, its actions replaced: returns the command path run, or throws commander's error. */
async function parseOnly(argv: string[], makeProgram: () => Command = buildProgram): Promise<string> {
  const program = makeProgram();
  let ran = '';
  const stub = (cmd: Command, path: string): void => {
    cmd.exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
    // commander keeps a command's action in _actionHandler; the program itself has none (it shows its help)
    if ((cmd as unknown as { _actionHandler: unknown })._actionHandler) cmd.action(() => { ran = path; });
    for (const sub of cmd.commands) stub(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  stub(program, '');
  try {
    await program.parseAsync(['node', 'hfsim', ...argv]);
  } catch (err) {
    if (err instanceof CommanderError && (err.code === 'commander.version' || err.code === 'commander.helpDisplayed')) return '(info)';
    throw err;
  }
  return ran;
}

// ---------------------------------------------------------------------------------------------------------------
// README as text: sections, code blocks, paragraphs, inline code spans, command lines.

interface Piece { text: string; line: number; code: boolean }
interface Section { heading: string; line: number; codeLines: Piece[]; paragraphs: Piece[] }

/** Level-2 sections (a ### belongs to its ##): the indented code blocks' lines (continuations joined) and the paragraphs. */
function sections(readme: string): Section[] {
  const lines = readme.split('\n');
  const out: Section[] = [{ heading: '(top)', line: 1, codeLines: [], paragraphs: [] }];
  let para: Piece | undefined;
  let inCode = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const s = out[out.length - 1];
    const blank = l.trim() === '';
    if (blank) { para = undefined; continue; }
    const prevBlank = i === 0 || lines[i - 1].trim() === '' || /^#{1,6} /.test(lines[i - 1]); // a code block follows a blank line or a heading
    if (/^ {4,}\S/.test(l) && (inCode || prevBlank)) {
      inCode = true;
      const last = s.codeLines[s.codeLines.length - 1];
      // a synopsis wraps onto lines that start with [ or --: one command line
      if (last && /^\s+(\[|--)/.test(l) && i > 0 && lines[i - 1].trim() !== '' && /^ {4,}/.test(lines[i - 1])) last.text += ' ' + l.trim();
      else s.codeLines.push({ text: l.trim(), line: i + 1, code: true });
      continue;
    }
    inCode = false;
    const h = /^(#{1,6}) (.*)$/.exec(l);
    if (h) {
      para = undefined;
      if (h[1].length <= 2) out.push({ heading: h[2], line: i + 1, codeLines: [], paragraphs: [] });
      continue;
    }
    if (para === undefined || /^\s*[-*] /.test(l) || /^\|/.test(l)) {
      para = { text: l, line: i + 1, code: false };
      s.paragraphs.push(para);
    } else para.text += '\n' + l;
  }
  return out;
}

/** Shell-like words: quotes group ("HFS + delay"), $VAR and ${{ expr }} become 1 (a value each). */
function words(text: string): string[] {
  const t = text.replace(/\$\{\{[^}]*\}\}/g, '1').replace(/\$\{?[A-Za-z_]\w*\}?/g, '1');
  return [...t.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const FLAG = /(?<![\w-])--([a-z][a-z0-9-]*)/g;
const flagsIn = (text: string): string[] => [...text.matchAll(FLAG)].map((m) => `--${m[1]}`);

interface CmdLine {
  /** 'hfsim', or another tool: 'node', 'node dist/bench/warm.js', 'npm run fuzz', 'npm ci', ... */
  tool: string;
  /** hfsim: the words after `hfsim`; another tool: its words. */
  argv: string[];
  line: number;
  /** Where it was found: a code block's line, or an inline code span. */
  code: boolean;
  /** A usage synopsis ([--seed n], <file>, a|b) or a fragment (`run --json`): its command and flags are checked, it is not parsed. */
  synopsis: boolean;
  raw: string;
}

/**
 * A node script that hands its arguments to the CLI under a fixed command (bench/run.ts: `npm run bench -- ...` is
 * `hfsim bench ...`): read from the script's source, so that its lines are checked as hfsim lines.
 */
function forwardsTo(script: string): string | undefined {
  const m = /^dist\/(.+)\.js$/.exec(script);
  if (!m || script === CLI_SCRIPT) return undefined;
  let source: string;
  try { source = readFileSync(join(ROOT, `${m[1]}.ts`), 'utf8'); } catch { return undefined; }
  if (!/join\(import\.meta\.dirname, '\.\.', 'src', 'cli', 'main\.js'\)/.test(source)) return undefined;
  return /\[CLI, '([a-z]+)', \.\.\.process\.argv\.slice\(2\)\]/.exec(source)?.[1];
}

/** The command lines in a piece of README text (a code line or an inline code span); problems: npm scripts that do not exist. */
function commandLines(piece: Piece, problems: string[], file = 'README.md'): CmdLine[] {
  const out: CmdLine[] = [];
  let text = piece.text;
  // a command inside a string (a Kubernetes `command: ["sh", "-c", "npx hfsim ..."]`) is a line of its own
  for (const m of text.matchAll(/"((?:npx )?hfsim [^"]*)"/g)) out.push(...commandLines({ ...piece, text: m[1] }, problems, file));
  text = text.replace(/"(?:npx )?hfsim [^"]*"/g, '""');
  if (piece.code) text = text.replace(/(^|\s)#\s.*$/, '$1'); // a shell comment: its flags go with an npm script's (below)
  const comment = piece.code ? /(?:^|\s)#\s(.*)$/.exec(piece.text)?.[1] ?? '' : '';
  // split on && ; and | (not the | of a synopsis's [a | b] or <a | b>)
  const segments: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '<') depth++;
    if (c === ']' || c === '>') depth = Math.max(0, depth - 1);
    if (depth === 0 && (text.startsWith('&&', i) || c === ';' || (c === '|' && text[i - 1] === ' ' && text[i + 1] === ' '))) {
      segments.push(cur);
      cur = '';
      if (text.startsWith('&&', i)) i++;
      continue;
    }
    cur += c;
  }
  segments.push(cur);
  for (const seg of segments) {
    let w = words(seg.replace(/\s+\(see [^)]*\)\s*$/, '')); // "(see Sweeps)" after a synopsis
    const redirect = w.findIndex((x) => /^(\d?>>?|<)$/.test(x)); // `> compare.json`: the shell's, not a word of the command
    if (redirect >= 0) w = w.filter((_, k) => k !== redirect && k !== redirect + 1);
    const synopsis = (ws: string[]): boolean => ws.some((x) => /[[\]<>|]|\.\.\./.test(x));
    const push = (tool: string, argv: string[], fragment = false) =>
      out.push({ tool, argv, line: piece.line, code: piece.code, synopsis: fragment || synopsis(argv), raw: seg.trim() });
    // a command starts the segment, or follows a shell or CI word (`do hfsim ...`, `- run: npm ci`); not `from 'hfsim'`
    let start = w.findIndex((x) => x === 'hfsim' || x === 'node' || x === 'npm' || x === 'npx');
    if (start >= 0 && (!w.slice(0, start).every((x) => ['-', 'run:', 'do', 'then'].includes(x)) || !/(^|\s)(npx\s+)?(hfsim|node|npm|npx)(\s|$)/.test(seg))) start = -1;
    if (start < 0) {
      // `run --json`, `bench compare --json`: a fragment of an hfsim command line
      const sub = PROGRAM.commands.find((c) => c.name() === w[0]);
      if (sub && w.length > 1 && new RegExp(`^\\s*${w[0]}\\s`).test(seg) && (w[1].startsWith('--') || sub.commands.some((c) => c.name() === w[1]))) push('hfsim', w, true);
      continue;
    }
    w = w.slice(start);
    if (w[0] === 'npx' && w[1] === 'hfsim') w = w.slice(1);
    if (w[0] === 'hfsim') { push('hfsim', w.slice(1)); continue; }
    if (w[0] === 'node' && !(w[1] ?? '').startsWith('-') && !(w[1] ?? '').endsWith('.js')) continue; // "node ids", not a command
    if (w[0] === 'node') {
      const script = w.findIndex((x, i) => i > 0 && !x.startsWith('-'));
      if (script < 0) { push('node', w.slice(1)); continue; }
      push('node', w.slice(1, script)); // node's own flags
      const rest = w.slice(script + 1);
      if (w[script] === CLI_SCRIPT) push('hfsim', rest);
      else if (forwardsTo(w[script]) !== undefined) push('hfsim', [forwardsTo(w[script])!, ...rest]);
      else push(`node ${w[script]}`, rest);
      continue;
    }
    if (w[0] === 'npm') {
      const name = w[1] === 'run' ? w[2] : w[1] === 'start' || w[1] === 'test' ? w[1] : undefined;
      if (name === undefined) { push(`npm ${w[1] ?? ''}`.trim(), w.slice(2)); continue; }
      const script = PACKAGE.scripts[name];
      if (script === undefined) { problems.push(`${file}:${piece.line}: \`npm run ${name}\` names no script of package.json`); continue; }
      const dash = w.indexOf('--');
      const args = dash < 0 ? [] : w.slice(dash + 1);
      const last = words(script.split('&&').pop()!);
      if (last[0] === 'node' && last[1] === CLI_SCRIPT) push('hfsim', [...last.slice(2), ...args]);
      else if (last[0] === 'node' && forwardsTo(last[1]) !== undefined) push('hfsim', [forwardsTo(last[1])!, ...last.slice(2), ...args]);
      else push(`npm run ${name}`, [...args, ...flagsIn(comment)]);
    }
  }
  return out;
}

interface Mention { flag: string; line: number; section: number; paragraphTools: string[] }

interface ReadmeModel {
  sections: Section[];
  lines: Array<CmdLine & { section: number }>;
  /** Flags named outside any command line ("`--resume` runs only ..."). */
  bare: Mention[];
  /** Where each section's code blocks name hfsim commands: the commands its bare flags are about. */
  scope: Array<Set<string>>;
  problems: string[];
}

function readmeModel(readme: string, file = 'README.md'): ReadmeModel {
  const secs = sections(readme);
  const problems: string[] = [];
  const lines: ReadmeModel['lines'] = [];
  const bare: Mention[] = [];
  secs.forEach((s, si) => {
    for (const c of s.codeLines) {
      const found = commandLines(c, problems, file);
      lines.push(...found.map((l) => ({ ...l, section: si })));
      if (found.length === 0) for (const flag of flagsIn(c.text)) bare.push({ flag, line: c.line, section: si, paragraphTools: [] });
    }
    for (const p of s.paragraphs) {
      const lineAt = (index: number): number => p.line + p.text.slice(0, index).split('\n').length - 1;
      const tools: string[] = [];
      const mentions: Mention[] = [];
      for (const m of p.text.matchAll(/`([^`]+)`/g)) {
        const found = commandLines({ text: m[1].replace(/\s+/g, ' '), line: lineAt(m.index), code: false }, problems, file);
        lines.push(...found.map((l) => ({ ...l, section: si })));
        tools.push(...found.map((l) => l.tool));
        if (found.length === 0) for (const flag of flagsIn(m[1])) mentions.push({ flag, line: lineAt(m.index), section: si, paragraphTools: tools });
      }
      // flags in the prose itself, outside code spans
      const prose = p.text.replace(/`[^`]+`/g, (span) => span.replace(/[^\n]/g, ' '));
      for (const m of prose.matchAll(FLAG)) mentions.push({ flag: `--${m[1]}`, line: lineAt(m.index), section: si, paragraphTools: tools });
      bare.push(...mentions);
    }
  });
  const scope = secs.map((_, si) => new Set(lines.filter((l) => l.section === si && l.code && l.tool === 'hfsim').map((l) => commandPath(PROGRAM, l.argv).path)));
  return { sections: secs, lines, bare, scope, problems };
}

/** The command path a line's words name (`sweep merge`), and the words after it. */
function commandPath(program: Command, argv: string[]): { path: string; cmd: Command; rest: string[] } {
  let cmd = program;
  let path = '';
  let i = 0;
  while (i < argv.length) {
    const sub = cmd.commands.find((c) => c.name() === argv[i]);
    if (!sub) break;
    cmd = sub;
    path = path === '' ? sub.name() : `${path} ${sub.name()}`;
    i++;
  }
  return { path, cmd, rest: argv.slice(i) };
}

/** The option names (--x, -x) a line's words give, a synopsis's brackets, alternatives and placeholders aside. */
function lineFlags(rest: string[]): string[] {
  return rest.map((x) => x.replace(/^[[(]+|[\])]+(\.\.\.)?$|[\]]+/g, '')).filter((x) => /^--?[a-zA-Z]/.test(x)).map((x) => x.split('=')[0]);
}

// Node's and V8's own options: README discusses running the CLI under some (`node --single-threaded ...`, `--maglev`).
const NODE_FLAGS: Set<string> = (() => {
  const help = spawnSync(process.execPath, ['--help'], { encoding: 'utf8' }).stdout;
  const v8 = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
  return new Set([...flagsIn(help), ...[...v8.matchAll(/^ {2}--([\w-]+)/gm)].map((m) => `--${m[1].replaceAll('_', '-')}`)]);
})();
const isNodeFlag = (flag: string): boolean => NODE_FLAGS.has(flag) || NODE_FLAGS.has(flag.replace(/^--no-/, '--'));

/**
 * The flags another tool that README runs accepts, where they can be read: node's own, and this repository's scripts
 * (`node dist/bench/warm.js`, `npm run fuzz`): the `'--name'` literals and parseArgs options of the script's source.
 * undefined for a tool whose flags are not ours to read (`npm ci --omit=dev`).
 */
function toolFlags(tool: string): Set<string> | undefined {
  if (tool === 'node') return NODE_FLAGS;
  let script = /^node (dist\/\S+\.js)$/.exec(tool)?.[1];
  const npm = /^npm run (\S+)$/.exec(tool)?.[1];
  if (npm !== undefined) script = /(?:^|&&)\s*node (dist\/\S+\.js)\s*$/.exec(PACKAGE.scripts[npm] ?? '')?.[1];
  const m = script === undefined ? null : /^dist\/(.+)\.js$/.exec(script);
  if (!m) return undefined;
  let source: string;
  try { source = readFileSync(join(ROOT, `${m[1]}.ts`), 'utf8'); } catch { return undefined; }
  const flags = new Set([...source.matchAll(/'(--[a-z][\w-]*)'/g)].map((x) => x[1]));
  for (const options of source.matchAll(/parseArgs\(\{[^]*?options: \{([^]*?)\}\s*,?\s*\}\)/g)) {
    for (const o of options[1].matchAll(/(?:^|[\s{,])'?([a-z][\w-]*)'?: \{ type:/g)) flags.add(`--${o[1]}`);
  }
  return flags;
}

// ---------------------------------------------------------------------------------------------------------------
// Check 1: commands and flags, both ways. Check 2: command lines parse.

/**
 * The flags on a text's command lines: an hfsim line's command must accept each (noted in `documented` when given);
 * another tool's line, where its flags can be read (node, this repository's scripts), must give only flags it accepts.
 */
function checkLineFlags(model: ReadmeModel, program: Command, file: string, documented?: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  const byPath = new Map(cliCommands(program).map((c) => [c.path, c]));
  for (const l of model.lines.filter((x) => x.tool === 'hfsim')) {
    const { path, rest } = commandPath(program, l.argv);
    const c = byPath.get(path)!;
    for (const flag of lineFlags(rest)) {
      if (c.accepts.has(flag)) documented?.get(path)!.add(flag);
      else problems.push(`${file}:${l.line}: \`${l.raw}\` gives ${flag}, which \`hfsim${path ? ' ' + path : ''}\` does not accept`);
    }
  }
  for (const l of model.lines.filter((x) => x.tool !== 'hfsim')) {
    const accepts = toolFlags(l.tool);
    for (const flag of lineFlags(l.argv)) {
      if (accepts !== undefined && !accepts.has(flag) && !(l.tool === 'node' && isNodeFlag(flag))) problems.push(`${file}:${l.line}: \`${l.raw}\` gives ${flag}, which \`${l.tool}\` does not accept`);
    }
  }
  return problems;
}

function checkFlags(readme: string, makeProgram: () => Command = buildProgram): string[] {
  const model = readmeModel(readme);
  const problems = [...model.problems];
  const program = makeProgram();
  const cli = cliCommands(program);
  const byPath = new Map(cli.map((c) => [c.path, c]));
  const hfsimLines = model.lines.filter((l) => l.tool === 'hfsim');
  const documented = new Map<string, Set<string>>(cli.map((c) => [c.path, new Set<string>()]));
  problems.push(...checkLineFlags(model, program, 'README.md', documented));
  // bare flags: one of the section's commands must accept each, unless the context makes it another tool's
  const otherTools = model.lines.filter((l) => l.tool !== 'hfsim');
  model.sections.forEach((s, si) => {
    const scope = model.scope[si];
    const inScope = scope.size > 0 ? cli.filter((c) => scope.has(c.path)) : cli;
    const sectionTools = new Set(otherTools.filter((l) => l.section === si).map((l) => l.tool));
    for (const m of model.bare.filter((b) => b.section === si)) {
      const owners = inScope.filter((c) => c.accepts.has(m.flag));
      for (const c of owners) documented.get(c.path)!.add(m.flag);
      if (owners.length > 0) continue;
      const tools = new Set([...sectionTools, ...m.paragraphTools]);
      if ([...tools].some((t) => toolFlags(t)?.has(m.flag))) continue; // another tool's, run in this section or paragraph
      if (isNodeFlag(m.flag)) continue; // Node's or V8's own
      problems.push(`README.md:${m.line}: names ${m.flag} in "${s.heading}", which ${scope.size > 0 ? `no command of that section (${[...scope].map((p) => `hfsim ${p}`.trim()).join(', ')})` : 'no hfsim command'} accepts`);
    }
  });
  // every command has a usage line, every visible flag is documented for its command
  const usage = new Set(hfsimLines.filter((l) => l.code).map((l) => commandPath(program, l.argv).path));
  // --help is commander's, the same on every command: named once, it is documented for all
  const helpNamed = [...documented.values()].some((d) => d.has('--help'));
  for (const c of cli) {
    if (c.path !== '' && !usage.has(c.path)) problems.push(`command \`hfsim ${c.path}\` has no usage line in a README code block`);
    for (const flag of c.visible) {
      if (flag === '--help' && helpNamed) continue;
      if (!documented.get(c.path)!.has(flag)) problems.push(`\`hfsim${c.path ? ' ' + c.path : ''}\` accepts ${flag}, which README names neither in its usage nor in its section`);
    }
  }
  return problems;
}

async function checkCommandLines(readme: string, makeProgram: () => Command = buildProgram): Promise<{ parsed: number; problems: string[] }> {
  const model = readmeModel(readme);
  const problems = [...model.problems];
  const lines = await parseLines(model, makeProgram, 'README.md');
  problems.push(...lines.problems);
  let parsed = lines.parsed;
  // package.json's scripts that run the CLI
  for (const [name, script] of Object.entries(PACKAGE.scripts)) {
    for (const part of script.split('&&')) {
      const w = words(part);
      if (w[0] !== 'node' || w[1] !== CLI_SCRIPT) continue;
      try { await parseOnly(w.slice(2), makeProgram); parsed++; } catch (err) { problems.push(`package.json script "${name}": \`${part.trim()}\` does not parse: ${(err as Error).message}`); }
    }
  }
  return { parsed, problems };
}

/** Parses each whole hfsim command line of a text (a synopsis or an inline reference is not parsed: checkLineFlags checks its flags). */
async function parseLines(model: ReadmeModel, makeProgram: () => Command, file: string): Promise<{ parsed: number; problems: string[] }> {
  const problems: string[] = [];
  let parsed = 0;
  const program = makeProgram();
  for (const l of model.lines.filter((x) => x.tool === 'hfsim')) {
    const { path, rest } = commandPath(program, l.argv);
    // an inline mention of a command or a flag (`hfsim run`, `hfsim sweep --plugin`) gives no arguments: not a whole line
    const reference = !l.code && !rest.some((x) => !x.startsWith('-'));
    if (l.synopsis || reference) {
      // not parsed (checkFlags checks its flags); but `hfsim runs <file>` names no command
      if (path === '' && l.argv.length > 0 && !l.argv.some((x) => x.startsWith('-'))) problems.push(`${file}:${l.line}: \`${l.raw}\` names no hfsim command`);
      continue;
    }
    try {
      const ran = await parseOnly(l.argv, makeProgram);
      if (ran !== path && ran !== '(info)') problems.push(`${file}:${l.line}: \`${l.raw}\` ran ${ran || 'no command'}`);
      parsed++;
    } catch (err) {
      problems.push(`${file}:${l.line}: \`${l.raw}\` does not parse: ${(err as Error).message}`);
    }
  }
  return { parsed, problems };
}

// ---------------------------------------------------------------------------------------------------------------
// README's pseudo-JSON (scenario examples, the result's keys): a tolerant reader of `{ "a": 1 | 2, "b", ... }`.

type PValue = { kind: 'object'; keys: Map<string, PValue[]>; line: number } | { kind: 'array'; items: PValue[] } | { kind: 'leaf'; text: string };

function pseudoJson(text: string, firstLine = 1): PValue {
  const tokens: Array<{ t: string; line: number }> = [];
  const re = /"(?:[^"\\]|\\.)*"|\/\/[^\n]*|\.\.\.|[{}[\],:|]|[^\s{}[\],:|"]+|\n/g;
  let line = firstLine;
  for (const m of text.matchAll(re)) {
    if (m[0] === '\n') { line++; continue; }
    if (m[0].startsWith('//')) continue;
    tokens.push({ t: m[0], line });
  }
  let i = 0;
  const peek = () => tokens[i]?.t;
  const values = (): PValue[] => {
    const vs = [value()];
    while (peek() === '|') { i++; vs.push(value()); }
    return vs;
  };
  const value = (): PValue => {
    if (peek() === '{') { i++; return object('}'); }
    if (peek() === '[') {
      i++;
      const items: PValue[] = [];
      while (i < tokens.length && peek() !== ']') {
        if (peek() === ',' || peek() === '...') { i++; continue; }
        items.push(...values());
      }
      i++;
      return { kind: 'array', items };
    }
    let leaf = '';
    while (i < tokens.length && ![',', '}', ']', '|', '{', '['].includes(peek()!)) leaf += tokens[i++].t + ' ';
    return { kind: 'leaf', text: leaf.trim() };
  };
  const object = (close: string | undefined): PValue => {
    const keys = new Map<string, PValue[]>();
    const at = tokens[i]?.line ?? line;
    while (i < tokens.length && peek() !== close) {
      const t = tokens[i].t;
      if (t.startsWith('"') && tokens[i + 1]?.t === ':') {
        i += 2;
        const k = JSON.parse(t) as string;
        keys.set(k, [...(keys.get(k) ?? []), ...values()]);
      } else if (t.startsWith('"')) {
        i++;
        keys.set(JSON.parse(t) as string, keys.get(JSON.parse(t) as string) ?? []);
      } else i++; // , ... free text ({ the resolved scenario }), a fragment's brace of a level it did not open
    }
    i++;
    return { kind: 'object', keys, line: at };
  };
  // a whole value, or a fragment that starts inside an object ("cluster": { ... })
  return peek() === '{' ? value() : object(undefined);
}

type Schema = Record<string, any>;

/** The alternatives a JSON Schema node stands for (oneOf, anyOf). */
const alternatives = (s: Schema): Schema[] => [s, ...(s.oneOf ?? []).flatMap(alternatives), ...(s.anyOf ?? []).flatMap(alternatives), ...(s.allOf ?? []).flatMap(alternatives)];

/** The schema nodes a dotted path (from the scenario's root) reaches: [] when a name is no field. */
function schemaAt(root: Schema, path: string[]): Schema[] {
  let nodes = [root];
  for (const seg of path) {
    nodes = nodes.flatMap(alternatives).flatMap((n) => {
      if (n.properties?.[seg]) return [n.properties[seg]];
      if (n.items && seg === '[]') return [n.items];
      if (typeof n.additionalProperties === 'object' && !n.properties) return [n.additionalProperties];
      return [];
    });
  }
  return nodes;
}

/** Fields of a README scenario example (a parsed block) that the schema does not have. */
function unknownFields(root: Schema, v: PValue, at: Schema[], path: string[], out: string[]): void {
  if (v.kind === 'array') {
    for (const item of v.items) unknownFields(root, item, at.flatMap(alternatives).flatMap((n) => (n.items ? [n.items] : [])), [...path, '[]'], out);
    return;
  }
  if (v.kind !== 'object') return;
  let cands = at.flatMap(alternatives).filter((n) => n.properties || n.additionalProperties);
  // a union picked by its "kind" (a workload) or "mode" (a delay): the alternative it names
  for (const tag of ['kind', 'mode']) {
    const given = v.keys.get(tag)?.find((x) => x.kind === 'leaf');
    if (given?.kind === 'leaf' && /^"/.test(given.text)) {
      const named = cands.filter((n) => n.properties?.[tag]?.const === JSON.parse(given.text));
      if (named.length > 0) cands = named;
    }
  }
  for (const [key, vals] of v.keys) {
    const isVariants = path.length === 2 && path[0] === 'variants';
    // a variant's overrides are paths from the root ("scheduler.delay.nodeMs")
    const next = isVariants ? schemaAt(root, key.split('.')) : cands.flatMap((n) => (n.properties?.[key] ? [n.properties[key]] : typeof n.additionalProperties === 'object' ? [n.additionalProperties] : []));
    const where = isVariants ? key.split('.') : [...path, key];
    if (next.length === 0) { out.push(`README.md:${v.line}: scenario example field ${where.join('.').replaceAll('.[]', '[]')} is not in the scenario schema`); continue; }
    for (const val of vals) unknownFields(root, val, next, where, out);
  }
}

interface CodeBlock { text: string; line: number; section: string }

/** README's indented code blocks, whole. */
function codeBlocks(readme: string): CodeBlock[] {
  const lines = readme.split('\n');
  const out: CodeBlock[] = [];
  let section = '(top)';
  for (let i = 0; i < lines.length; i++) {
    const h = /^#{1,6} (.*)$/.exec(lines[i]);
    if (h) section = h[1];
    if (/^ {4,}\S/.test(lines[i]) && (i === 0 || lines[i - 1].trim() === '' || /^#{1,6} /.test(lines[i - 1]))) {
      let j = i;
      while (j < lines.length && (/^ {4,}\S/.test(lines[j]) || (lines[j].trim() === '' && /^ {4,}\S/.test(lines[j + 1] ?? '')))) j++;
      out.push({ text: lines.slice(i, j).join('\n'), line: i + 1, section });
      i = j - 1;
    }
  }
  return out;
}

const SCENARIO_SCHEMA = JSON.parse(jsonSchemaFiles().find((f) => f.file === 'scenario.schema.json')!.text) as Schema;

/** README's scenario examples: JSON-like code blocks whose top level has a cluster, scheduler or workload. */
function scenarioExamples(readme: string): Array<{ block: CodeBlock; value: PValue }> {
  return codeBlocks(readme).filter((b) => /^\s*[{"]/.test(b.text)).map((block) => ({ block, value: pseudoJson(block.text, block.line) }))
    .filter(({ value }) => value.kind === 'object' && ['cluster', 'scheduler', 'workload'].some((k) => value.keys.has(k)));
}

function checkScenarioFields(readme: string, schema: Schema = SCENARIO_SCHEMA): string[] {
  const problems: string[] = [];
  const examples = scenarioExamples(readme);
  if (examples.length === 0) problems.push('README has no scenario example block');
  for (const { value } of examples) unknownFields(schema, value, [schema], [], problems);
  // every top-level, cluster, cluster.network, scheduler and workload (each kind's) field is named in README as a field: a JSON key ("heartbeatMs"),
  // a path (cluster.heartbeatMs), or a code span that starts with it (`heartbeatMs`, `sizeBasedWeight: true`), not
  // merely a word of the same spelling in other code (a plugin's `{ description, ... }` is not the scenario's description)
  const spans = [...readme.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const named = (prefix: string, field: string): boolean => readme.includes(`"${field}"`) || (prefix !== '' && readme.includes(prefix + field)) ||
    spans.some((x) => x.startsWith(field) && !/[\w]/.test(x.charAt(field.length)));
  const groups: Array<[string, Schema]> = [
    ['', schema], ['cluster.', schema.properties.cluster], ['cluster.network.', schema.properties.cluster.properties.network], ['scheduler.', schema.properties.scheduler],
    // a workload is one of its kinds ({ "kind": "swim", ... }): each kind's fields (swim's poolCount was named nowhere)
    ...alternatives(schema.properties.workload).filter((n) => n.properties !== undefined).map((n): [string, Schema] => ['workload.', n]),
  ];
  for (const [prefix, node] of groups) {
    for (const field of Object.keys(node.properties)) if (!named(prefix, field)) problems.push(`scenario field ${prefix}${field} is not named in README`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Check 4: the result's JSON keys and the jobs CSV's columns.

/**
 * The keys README's Results block lists that the actual result lacks, and the keys of the actual result that an object
 * README lists leaves out (an object README gives as `{ ... }` or `{ the resolved scenario }` is not looked into).
 */
function missingResultKeys(v: PValue, actual: unknown, path: string, out: string[]): void {
  if (v.kind === 'object') {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) { out.push(`result ${path || '(root)'} is not an object`); return; }
    if (v.keys.size > 0) {
      for (const key of Object.keys(actual)) if (!v.keys.has(key)) out.push(`the result JSON has "${path ? `${path}.${key}` : key}", which README's Results does not list`);
    }
    for (const [key, vals] of v.keys) {
      const p = path ? `${path}.${key}` : key;
      if (!(key in actual)) { out.push(`README's Results lists "${p}", which the result JSON lacks`); continue; }
      for (const val of vals) missingResultKeys(val, (actual as Record<string, unknown>)[key], p, out);
    }
  } else if (v.kind === 'array') {
    if (!Array.isArray(actual)) { out.push(`result ${path} is not an array`); return; }
    for (const item of v.items) for (const el of actual.slice(0, 1)) missingResultKeys(item, el, `${path}[]`, out);
  }
}

function resultsSection(readme: string): string {
  const start = readme.indexOf('\n## Results\n');
  if (start < 0) return '';
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

function checkResultKeys(readme: string, result: unknown): string[] {
  const section = resultsSection(readme);
  const block = codeBlocks(section).find((b) => /^\s*\{/.test(b.text));
  if (!block) return ['README\'s "Results" has no JSON block'];
  const out: string[] = [];
  missingResultKeys(pseudoJson(block.text), result, '', out);
  return out;
}

function checkCsvColumns(readme: string, header: string, headerWithReplication: string): string[] {
  const m = /jobs CSV columns: `([^`]+)`([^\n]*\n[^\n]*)/.exec(resultsSection(readme));
  if (!m) return ['README\'s "Results" names no jobs CSV columns (`jobs CSV columns: `...``)'];
  const out: string[] = [];
  if (m[1] !== header) out.push(`README's jobs CSV columns are\n  ${m[1]}\nbut the CSV's header is\n  ${header}`);
  const extra = headerWithReplication.split(',').slice(header.split(',').length);
  for (const col of extra) if (!new RegExp(`\`${col}\``).test(m[2])) out.push(`the jobs CSV's column ${col} (a variant with a replication policy) is not named beside README's columns`);
  return out;
}

/**
 * What README's pandas recipes (each `pd.read_csv(...)` call) lack to read hfsim's CSVs' names as text: pandas's
 * default reading took a variant, pool or job id named "None", "NA" or "null" for a missing value (groupby dropped its
 * rows) and "1", "01" or "007" for a number (variants "1" and "01" became one, 1.0); a sweep's `point`, a hex hash, can
 * read as a number too ("12e4567890123456" is inf). Each call must pass keep_default_na=False with na_values=[""] (only
 * an empty cell is missing) and name its file's text columns str in `dtype`.
 */
function checkReadCsvRecipes(readme: string): string[] {
  const TEXT: Record<string, string[]> = { 'jobs.csv': ['variant', 'id', 'pool', 'type'], 'aggregate.csv': ['variant', 'point', 'seeds'] };
  const out: string[] = [];
  const calls = [...readme.matchAll(/pd\.read_csv\(/g)].map((m) => {
    let depth = 0;
    for (let i = m.index + 'pd.read_csv'.length; i < readme.length; i++) {
      if ('([{'.includes(readme[i])) depth++;
      else if (')]}'.includes(readme[i]) && --depth === 0) return readme.slice(m.index, i + 1);
    }
    return readme.slice(m.index);
  });
  if (calls.length === 0) out.push('README has no pd.read_csv recipe');
  for (const call of calls) {
    const file = Object.keys(TEXT).find((f) => call.includes(`${f}"`));
    if (file === undefined) continue;
    const line = call.split('\n')[0];
    if (!/keep_default_na=False/.test(call) || !/na_values=\[""\]/.test(call)) out.push(`${line}: without keep_default_na=False, na_values=[""] a name "None" or "NA" reads as missing`);
    const dtype = /dtype=\{([^}]*)\}/.exec(call)?.[1] ?? '';
    const missing = TEXT[file].filter((c) => !dtype.includes(`"${c}"`));
    if (missing.length > 0 || !/str/.test(dtype)) out.push(`${line}: dtype does not read ${missing.join(', ') || 'its text columns'} as str`);
  }
  return out;
}

const RESULT_SCHEMA = JSON.parse(jsonSchemaFiles().find((f) => f.file === 'result.schema.json')!.text) as Schema;

/**
 * The leaf fields of the result schema, as paths (`summary.locality.node`, `jobs[].id`, `run.solver.maxRows`): an object
 * of listed properties is walked into (an array of them as `name[]`); anything else (a number, a list of numbers, an
 * object of free keys such as `config` or a policy's `counts`) is a leaf.
 */
function schemaLeaves(node: Schema, path = ''): string[] {
  const objectOf = (n: Schema): Schema | undefined => alternatives(n).find((a) => a.type === 'object' && Object.keys(a.properties ?? {}).length > 0);
  const obj = objectOf(node);
  if (obj) return Object.entries(obj.properties as Record<string, Schema>).flatMap(([k, v]) => schemaLeaves(v, path ? `${path}.${k}` : k));
  const items = alternatives(node).find((a) => a.type === 'array' && a.items !== undefined && !Array.isArray(a.items))?.items as Schema | undefined;
  if (items && objectOf(items)) return schemaLeaves(items, `${path}[]`);
  return [path];
}

/** `a.{b,c}` -> a.b, a.c (one brace group). */
const expandBraces = (path: string): string[] => {
  const m = /^(.*)\{([^}]*)\}(.*)$/.exec(path);
  return m ? m[2].split(',').map((x) => `${m[1]}${x.trim()}${m[3]}`) : [path];
};

/**
 * README's table of the result's fields (in "Results": `| field | unit | meaning |`): every leaf of the result schema has
 * a row, each row names fields of the schema only, and gives a unit and a meaning. A row's first cell lists its
 * fields as code spans, `a.{b,c}` standing for a.b and a.c.
 */
function checkResultFieldTable(readme: string, schema: Schema = RESULT_SCHEMA): string[] {
  const section = resultsSection(readme);
  const lines = section.split('\n');
  const head = lines.findIndex((l) => /^\|\s*field\s*\|\s*unit\s*\|\s*meaning\s*\|\s*$/.test(l));
  if (head < 0) return ['README\'s "Results" has no table of the result\'s fields (| field | unit | meaning |)'];
  const out: string[] = [];
  const rows: Array<{ fields: string[]; cells: string[] }> = [];
  for (const l of lines.slice(head + 2)) {
    if (!l.startsWith('|')) break;
    const cells = l.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
    rows.push({ fields: [...cells[0].matchAll(/`([^`]+)`/g)].flatMap((m) => expandBraces(m[1])), cells });
  }
  const leaves = schemaLeaves(schema);
  const named = new Set(rows.flatMap((r) => r.fields));
  for (const leaf of leaves) if (!named.has(leaf)) out.push(`the result field ${leaf} has no row in README's field table`);
  for (const r of rows) {
    for (const f of r.fields) if (!leaves.includes(f)) out.push(`README's field table names ${f}, which the result schema does not have`);
    if (r.fields.length === 0 || r.cells.length !== 3 || r.cells[1] === '' || r.cells[2] === '') out.push(`README's field table row "${r.cells.join(' | ')}" lacks a field, a unit or a meaning`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Check 7: the bench report's JSON keys (`hfsim bench --json`), against its zod schema.

const BENCH_SCHEMA = z.toJSONSchema(benchReportSchema, { io: 'output' }) as Schema;

/**
 * README's bench JSON block (in "Benchmarks", the code block that starts `{ "format"`) against the report's schema,
 * both ways at every object README spells out: a key README lists that the schema lacks, or a key of the schema that
 * such an object leaves out (an object given as `{ ... }`, or a key given with no object, is not looked into).
 */
function checkBenchKeys(readme: string, schema: Schema = BENCH_SCHEMA): string[] {
  const start = readme.indexOf('\n## Benchmarks\n');
  const end = readme.indexOf('\n## ', start + 1);
  const block = start < 0 ? undefined : codeBlocks(readme.slice(start, end < 0 ? undefined : end)).find((b) => /^\s*\{\s*"format"/.test(b.text));
  if (!block) return ['README\'s "Benchmarks" has no block of the bench JSON\'s keys ({ "format", ... })'];
  const out: string[] = [];
  const walk = (v: PValue, nodes: Schema[], path: string): void => {
    const alts = nodes.flatMap(alternatives);
    if (v.kind === 'array') {
      const items = alts.flatMap((n) => (n.items && !Array.isArray(n.items) ? [n.items as Schema] : []));
      if (items.length === 0) { out.push(`README's bench JSON gives ${path} as a list, which the report's schema does not`); return; }
      for (const item of v.items) walk(item, items, `${path}[]`);
      return;
    }
    if (v.kind !== 'object' || v.keys.size === 0) return;
    const props = alts.find((n) => n.properties !== undefined)?.properties as Record<string, Schema> | undefined;
    if (!props) { out.push(`README's bench JSON gives ${path} as an object, which the report's schema does not`); return; }
    for (const key of Object.keys(props)) if (!v.keys.has(key)) out.push(`the bench JSON has "${path ? `${path}.${key}` : key}", which README's bench JSON block does not list`);
    for (const [key, vals] of v.keys) {
      const p = path ? `${path}.${key}` : key;
      if (!(key in props)) { out.push(`README's bench JSON block lists "${p}", which the bench JSON does not have`); continue; }
      for (const val of vals) walk(val, [props[key]], p);
    }
  };
  walk(pseudoJson(block.text), [schema], '');
  return out;
}

/** The files under scenarios/ and examples/, as paths from the repository's root. */
function shippedFiles(): string[] {
  return ['scenarios', 'examples'].flatMap((top) => readdirSync(join(ROOT, top), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(ROOT.length + 1)));
}

/**
 * Each shipped file is named in README: by its path below scenarios/ (`allocations/nested.json`, `fb-macro-io.json`;
 * README's scenario table names them so) or examples/, or by its own name (`nested-queues.xml`); the experiments' sweeps
 * by README's `experiments/*.sweep.json`. And each `scenarios/...` or `examples/...` path README names is a file there
 * (folders, placeholders and `*` patterns aside). The yarn-allocation.xml that allocations/sample.json reads was
 * named nowhere.
 */
function checkShippedFiles(readme: string, files: readonly string[], exists: (path: string) => boolean = (path) => existsSync(join(ROOT, path))): string[] {
  const out: string[] = [];
  for (const file of files) {
    const below = file.replace(/^(scenarios|examples)\//, '');
    const own = below.slice(below.lastIndexOf('/') + 1);
    const named = readme.includes(below) || readme.includes(own) || (below.startsWith('experiments/') && readme.includes('experiments/*.sweep.json'));
    if (!named) out.push(`${file} is not named in README (its scenario table, or beside the scenario that reads it)`);
  }
  out.push(...checkNamedPaths(readme, 'README', exists));
  return out;
}

/** Each `scenarios/...` or `examples/...` file path a text names is in the repository (folders, placeholders and `*` patterns aside). */
function checkNamedPaths(text: string, name: string, exists: (path: string) => boolean = (path) => existsSync(join(ROOT, path))): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?<![\w./-])((?:scenarios|examples)\/[\w./-]*[\w])/g)) {
    const path = m[1];
    // a file's path (a folder, or a placeholder such as `scenarios/S`, has no extension); `x.json` is README's bad example
    if (path.includes('*') || !/\/[^/]+\.\w+$/.test(path) || path.endsWith('/x.json')) continue;
    if (!exists(path)) out.push(`${name} names ${path}, which is not in the repository`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Check 6: docs/*.md, held to what README is held to on the commands and files it names.

/**
 * A document's command lines: flags accepted (hfsim's by the line's command, a tool's where its flags can be read), whole
 * hfsim lines parsed, flags named in prose accepted by some hfsim command, a tool the document runs, or Node; and the
 * scenarios/ and examples/ paths it names exist. It does not ask the document to name every flag: README does that.
 */
async function checkDoc(text: string, file: string, makeProgram: () => Command = buildProgram, exists?: (path: string) => boolean): Promise<{ parsed: number; problems: string[] }> {
  const model = readmeModel(text, file);
  const program = makeProgram();
  const problems = [...model.problems, ...checkLineFlags(model, program, file)];
  const cli = cliCommands(program);
  const tools = new Set(model.lines.filter((l) => l.tool !== 'hfsim').map((l) => l.tool));
  for (const m of model.bare) {
    if (cli.some((c) => c.accepts.has(m.flag)) || [...tools].some((t) => toolFlags(t)?.has(m.flag)) || isNodeFlag(m.flag)) continue;
    problems.push(`${file}:${m.line}: names ${m.flag}, which no hfsim command, no tool ${file} runs, and not Node accepts`);
  }
  const lines = await parseLines(model, makeProgram, file);
  problems.push(...lines.problems, ...checkNamedPaths(text, file, exists));
  return { parsed: lines.parsed, problems };
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces to hyphens. */
const slug = (heading: string): string => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

/** README's links into docs/: each names a document there and, after `#`, one of its headings. */
function checkDocLinks(readme: string, docs: ReadonlyArray<{ file: string; text: string }>): string[] {
  const out: string[] = [];
  for (const m of readme.matchAll(/(?<![\w./-])(docs\/[\w.-]+\.md)(?:#([\w-]+))?/g)) {
    const line = readme.slice(0, m.index).split('\n').length;
    const doc = docs.find((d) => d.file === m[1]);
    if (!doc) { out.push(`README.md:${line}: links ${m[1]}, which is not in docs/`); continue; }
    const anchors = new Set([...doc.text.matchAll(/^#{1,6} (.*)$/gm)].map((h) => slug(h[1])));
    if (m[2] !== undefined && !anchors.has(m[2])) out.push(`README.md:${line}: links ${m[1]}#${m[2]}, which names no heading of ${m[1]}`);
  }
  return out;
}

/** `text`'s headings outside code blocks, with their level and line. */
function headings(text: string): Array<{ level: number; title: string; line: number }> {
  const out: Array<{ level: number; title: string; line: number }> = [];
  let fenced = false;
  for (const [i, l] of text.split('\n').entries()) {
    if (/^\s*```/.test(l)) fenced = !fenced;
    const h = fenced ? null : /^(#{1,6}) (.*)$/.exec(l);
    if (h !== null) out.push({ level: h[1].length, title: h[2], line: i + 1 });
  }
  return out;
}

/**
 * README's "Contents": it lists every section (each ## heading after it), in order, each a link to the heading's anchor;
 * and each link it holds (sections and their subsections) names a heading of README.
 */
function checkContents(readme: string): string[] {
  const all = headings(readme);
  const at = all.findIndex((h) => h.level === 2 && h.title === 'Contents');
  if (at < 0) return ['README.md: no "## Contents" section'];
  const end = all.slice(at + 1).find((h) => h.level <= 2)?.line ?? Infinity;
  const body = readme.split('\n').slice(all[at].line, end - 1);
  const links = body.flatMap((l, i) => [...l.matchAll(/\[([^\]]+)\]\(#([^)]+)\)/g)].map((m) => ({ text: m[1], anchor: m[2], line: all[at].line + i + 1, top: /^- /.test(l) })));
  const anchors = new Set(all.map((h) => slug(h.title)));
  const out = links.filter((k) => !anchors.has(k.anchor)).map((k) => `README.md:${k.line}: Contents links #${k.anchor}, which names no heading`);
  const sections = all.slice(at + 1).filter((h) => h.level === 2).map((h) => slug(h.title));
  const listed = links.filter((k) => k.top).map((k) => k.anchor);
  if (JSON.stringify(listed) !== JSON.stringify(sections)) {
    const missing = sections.filter((a) => !listed.includes(a));
    out.push(`README.md: Contents lists ${listed.length} sections where README has ${sections.length}${missing.length > 0 ? ` (not listed: ${missing.map((a) => `#${a}`).join(', ')})` : ' (in another order)'}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

describe('README.md and the command line agree', () => {
  it('1. every command and flag is named in README, and every flag README names for a command is one it accepts', () => {
    expect(checkFlags(README)).toEqual([]);
  });

  it('2. every hfsim command line in README, and every package.json script that runs the CLI, parses', async () => {
    const { parsed, problems } = await checkCommandLines(README);
    expect(problems).toEqual([]);
    expect(parsed).toBeGreaterThan(20); // the parser found the lines (no silent empty check)
  });

  it('3. README\'s scenario example fields are in the schema, and the schema\'s main fields are in README', () => {
    expect(scenarioExamples(README).length).toBeGreaterThanOrEqual(2);
    expect(checkScenarioFields(README)).toEqual([]);
  });

  describe('4. results formats (one run of fb-macro-io with 5 jobs, in-process through the CLI)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-readme-'));
    let result: Result[];
    let csv: string;
    beforeAll(async () => {
      const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true); // the comparison table
      try {
        const program = buildProgram();
        program.exitOverride();
        await program.parseAsync(['node', 'hfsim', 'run', join(ROOT, 'scenarios', 'fb-macro-io.json'), '--set', 'workload.jobs=5', '--parallel', '1',
          '--out', join(dir, 'r.json'), '--jobs-csv', join(dir, 'jobs.csv')]);
      } finally {
        write.mockRestore();
      }
      result = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as Result[];
      csv = readFileSync(join(dir, 'jobs.csv'), 'utf8');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('every key README lists under "Results" is in the result JSON', () => {
      expect(result.length).toBe(3);
      for (const r of result) expect(checkResultKeys(README, r)).toEqual([]);
    });

    it('the jobs CSV columns README lists are the CSV header', () => {
      const withReplication = jobsCsv([{ ...result[0], replication: {} } as unknown as Result]).join('').split('\n')[0];
      expect(checkCsvColumns(README, csv.split('\n')[0], withReplication)).toEqual([]);
    });

    it('README\'s pandas recipes read the CSVs\' names as text (a variant named None, NA, 1 or 01; a job 007)', () => {
      expect(checkReadCsvRecipes(README)).toEqual([]);
      expect(checkReadCsvRecipes('    jobs = pd.read_csv("jobs.csv")\n')).toHaveLength(2);
      expect(checkReadCsvRecipes('    agg = pd.read_csv("x/aggregate.csv", dtype={"seeds": str}, keep_default_na=False, na_values=[""])\n')).toEqual([
        'pd.read_csv("x/aggregate.csv", dtype={"seeds": str}, keep_default_na=False, na_values=[""]): dtype does not read variant, point as str',
      ]);
    });

    it('every field of the result has a row in README\'s field table, with its unit and meaning', () => {
      expect(schemaLeaves(RESULT_SCHEMA)).toEqual(expect.arrayContaining(['summary.locality.node', 'jobs[].id', 'run.solver.maxRows', 'config', 'replication.counts']));
      expect(checkResultFieldTable(README)).toEqual([]);
    });

    it('each check fails on a README or result that disagrees', () => {
      const r = result[0];
      // a key README lists that the output lacks
      expect(checkResultKeys(README.replace('"reduceUtilization",', '"reduceUtilization", "jobsPerMinute",'), r)).toEqual([expect.stringContaining('summary.jobsPerMinute')]);
      const { medianResponseMs: _dropped, ...summary } = r.summary as unknown as Record<string, unknown>;
      expect(checkResultKeys(README, { ...r, summary })).toEqual([expect.stringContaining('summary.medianResponseMs')]);
      expect(checkResultKeys(README.replace('"nodeLocalMaps"', '"localMaps"'), r)).toEqual([
        'the result JSON has "jobs[].nodeLocalMaps", which README\'s Results does not list', 'README\'s Results lists "jobs[].localMaps", which the result JSON lacks',
      ]);
      // a key the output has that README leaves out
      expect(checkResultKeys(README.replace('"masterMs", ', ''), r)).toEqual(['the result JSON has "run.masterMs", which README\'s Results does not list']);
      // CSV columns out of order, or a column missing
      const header = csv.split('\n')[0];
      const withReplication = header + ',delayWaitMs';
      expect(checkCsvColumns(README.replace('submitMs,finishMs', 'finishMs,submitMs'), header, withReplication)).toHaveLength(1);
      expect(checkCsvColumns(README, header.replace(',type', ''), withReplication.replace(',type', ''))).toHaveLength(1);
      expect(checkCsvColumns(README.replace('(and `delayWaitMs`', '(and `waitMs`'), header, withReplication)).toHaveLength(1);
      // a result field the table lacks, a row naming no field of the result, a row without its unit
      const withField = structuredClone(RESULT_SCHEMA);
      withField.properties.run.properties.gcMs = { type: 'number' };
      expect(checkResultFieldTable(README, withField)).toEqual(['the result field run.gcMs has no row in README\'s field table']);
      expect(checkResultFieldTable(README.replace('`run.epochs`', '`run.epoch`'))).toEqual([
        'the result field run.epochs has no row in README\'s field table', 'README\'s field table names run.epoch, which the result schema does not have',
      ]);
      expect(checkResultFieldTable(README.replace(/^(\| `run\.epochs` \| )[^|]*\|/m, '$1 |'))).toEqual([expect.stringContaining('lacks a field, a unit or a meaning')]);
    });
  });
});

describe('7. the bench report\'s JSON', () => {
  it('README lists every key of `hfsim bench --json`\'s report, and only those', () => {
    expect(checkBenchKeys(README)).toEqual([]);
  });

  it('fails on a key README lists that the report lacks, or one the report has that README leaves out', () => {
    expect(checkBenchKeys(README.replace('"peakRssMB"', '"peakMB"'))).toEqual([
      'the bench JSON has "cases[].peakRssMB", which README\'s bench JSON block does not list', 'README\'s bench JSON block lists "cases[].peakMB", which the bench JSON does not have',
    ]);
    const schema = structuredClone(BENCH_SCHEMA);
    schema.properties.machine.properties.gpus = { type: 'integer' };
    expect(checkBenchKeys(README, schema)).toEqual(['the bench JSON has "machine.gpus", which README\'s bench JSON block does not list']);
    expect(checkBenchKeys(README.replace('{ "format"', '{ "fmt"'))).toEqual([expect.stringContaining('has no block of the bench JSON')]);
  });
});

/** The keys of a sweep's sweep.json (and of its points) that README's `--out` entry under Sweeps does not name in backquotes. */
function checkManifestKeys(readme: string): string[] {
  const start = readme.indexOf('- `--out` (default `results/<name>`');
  const entry = start < 0 ? '' : readme.slice(start, readme.indexOf('`results.jsonl` (one line per finished point', start));
  if (entry === '') return ['README\'s Sweeps section has no `--out` entry naming sweep.json\'s fields'];
  const sweep = loadSweep(join(ROOT, 'scenarios', 'skip-count.sweep.json'));
  const manifest = manifestOf({ ...sweep, pluginFiles: ['/p.js'] }, { index: 0, count: 2 }); // every optional key present
  const keys = [...Object.keys(manifest), ...Object.keys(manifest.points[0]).map((k) => `points[].${k}`)];
  return keys.filter((k) => !entry.includes(`\`${k.replace('points[].', '')}\``)).map((k) => `sweep.json has "${k}", which README's --out entry does not name`);
}

describe('8. a sweep\'s sweep.json', () => {
  it('README\'s --out entry names every field of sweep.json and of its points', () => {
    expect(checkManifestKeys(README)).toEqual([]);
  });

  it('fails on a field README leaves out', () => {
    expect(checkManifestKeys(README.replaceAll('`seeds`', 'seeds'))).toContain('sweep.json has "seeds", which README\'s --out entry does not name');
  });
});

describe('5. shipped scenarios and examples', () => {
  it('every file in scenarios/ and examples/ is named in README, and every such path README names exists', () => {
    const files = shippedFiles();
    expect(files).toEqual(expect.arrayContaining(['scenarios/fb-macro-io.json', 'scenarios/allocations/nested-queues.xml', 'examples/srwf.js']));
    expect(checkShippedFiles(README, files)).toEqual([]);
  });

  it('fails on a file README does not name, or a path README names that is gone', () => {
    expect(checkShippedFiles(README, ['scenarios/allocations/gang.xml', 'scenarios/experiments/new.sweep.json']))
      .toEqual(['scenarios/allocations/gang.xml is not named in README (its scenario table, or beside the scenario that reads it)']);
    expect(checkShippedFiles(README, [], (path) => path !== 'scenarios/preemption.json'))
      .toEqual(expect.arrayContaining(['README names scenarios/preemption.json, which is not in the repository']));
  });
});

describe('6. docs/*.md', () => {
  it('holds the performance log, which README links to', () => {
    expect(DOCS.map((d) => d.file)).toContain('docs/performance-log.md');
    expect(README).toContain('docs/performance-log.md#');
  });

  it.each(DOCS.map((d) => [d.file, d.text]))('%s: its command lines parse and give accepted flags, its paths exist', async (file, text) => {
    const { parsed, problems } = await checkDoc(text, file);
    expect(problems).toEqual([]);
    if (file === 'docs/performance-log.md') expect(parsed).toBeGreaterThan(5); // the parser found the lines (no silent empty check)
  });

  it('each README link into docs/ names a document and a heading of it', () => {
    expect(checkDocLinks(README, DOCS)).toEqual([]);
  });
});

describe('9. README\'s contents', () => {
  it('lists every section in order, each linked to its heading', () => {
    expect(checkContents(README)).toEqual([]);
  });

  it('fails on a section left out, a section moved, or a link to no heading', () => {
    const contents = README.slice(README.indexOf('## Contents'), README.indexOf('\n## ', README.indexOf('## Contents') + 3));
    const first = /^- \[[^\]]+\]\(#[^)]+\)\n/m.exec(contents)![0];
    expect(checkContents(README.replace(first, ''))).toEqual([expect.stringMatching(/^README\.md: Contents lists \d+ sections where README has \d+ \(not listed: #/)]);
    // the first section listed last: every section listed, in another order
    const moved = contents.replace(first, '').replace(/\n*$/, `\n${first}\n`);
    expect(checkContents(README.replace(contents, moved))).toEqual([expect.stringMatching(/^README\.md: Contents lists (\d+) sections where README has \1 \(in another order\)$/)]);
    expect(checkContents(README.replace('](#sweeps)', '](#sweep)'))).toEqual(expect.arrayContaining([expect.stringMatching(/Contents links #sweep, which names no heading/)]));
    expect(checkContents(README.replace('## Contents', '## Index'))).toEqual(['README.md: no "## Contents" section']);
  });
});

describe('the checks can fail', () => {
  const readmeWith = (from: string, to: string): string => {
    expect(README).toContain(from);
    return README.replace(from, to);
  };

  it('check 1: a flag dropped from README, a stale flag, a flag on the wrong command, an undocumented new flag or command', () => {
    // --check-shortcuts is named twice: in run's usage and in "Plugins"
    const noShortcuts = README.replaceAll('--check-shortcuts', '--check-shortcut');
    expect(checkFlags(noShortcuts)).toEqual(expect.arrayContaining([
      expect.stringContaining('`hfsim run` accepts --check-shortcuts'), expect.stringContaining('gives --check-shortcut,'),
    ]));
    expect(checkFlags(readmeWith('[--resume] [--shard i/n] [--no-progress]', '[--resume] [--shard i/n] [--no-progress] [--verbose]')))
      .toEqual([expect.stringContaining('gives --verbose, which `hfsim sweep` does not accept')]);
    expect(checkFlags(readmeWith('`--codec` passes every message', '`--codex` passes every message'))).toEqual([expect.stringContaining('names --codex in "Command line"')]);
    expect(checkFlags(readmeWith('hfsim report <result.json | sweep dir> --html report.html   ', 'hfsim report <result.json | sweep dir> --html report.html --json'))).toEqual([expect.stringContaining('`hfsim report` does not accept')]);
    // another tool's flags, read from its source: a flag on its line, or one named in the section that runs it
    expect(checkFlags(readmeWith('node dist/bench/warm.js [--runs n]', 'node dist/bench/warm.js [--rounds n]')))
      .toEqual([expect.stringContaining('gives --rounds, which `node dist/bench/warm.js` does not accept')]);
    expect(checkFlags(readmeWith('npm run fuzz -- --seed 7 --case 123', 'npm run fuzz -- --seed 7 --cases 123')))
      .toEqual([expect.stringContaining('gives --cases, which `npm run fuzz` does not accept')]);
    expect(checkFlags(readmeWith('(`--kinds scenario,', '(`--kind scenario,'))).toEqual([expect.stringContaining('names --kind in "Fuzzing"')]);
    const extraFlag = (): Command => { const p = buildProgram(); p.commands.find((c) => c.name() === 'report')!.option('--open', 'open the report'); return p; };
    expect(checkFlags(README, extraFlag)).toEqual([expect.stringContaining('`hfsim report` accepts --open')]);
    const extraCommand = (): Command => { const p = buildProgram(); p.command('lint').argument('<file>').action(() => {}); return p; };
    expect(checkFlags(README, extraCommand)).toEqual([expect.stringContaining('command `hfsim lint` has no usage line')]);
  });

  it('check 2: a command line that does not parse', async () => {
    const bad = async (from: string, to: string) => (await checkCommandLines(readmeWith(from, to))).problems;
    expect(await bad('npx hfsim run scenarios/preemption.json ', 'npx hfsim run scenarios/preemption.json --seed one'))
      .toEqual([expect.stringContaining('--seed must be a whole number')]);
    expect(await bad('npx hfsim run examples/srwf.json --plugin ./examples/srwf.js', 'npx hfsim runs examples/srwf.json'))
      .toEqual([expect.stringContaining('does not parse')]);
    expect(await bad('npx hfsim sweep merge /results/shard-* --out /results/merged', 'npx hfsim sweep merge /results/shard-*'))
      .toEqual([expect.stringContaining("required option '--out <dir>' not specified")]);
    expect(await bad('`npm run bench:warm`', '`npm run bench:hot`')).toEqual([expect.stringContaining('`npm run bench:hot` names no script')]);
  });

  it('check 6: a docs/ command line with a stale flag, one that does not parse, a missing path, a broken link', async () => {
    const log = DOCS.find((d) => d.file === 'docs/performance-log.md')!.text;
    const docWith = (from: string, to: string): string => {
      expect(log).toContain(from);
      return log.replace(from, to);
    };
    const bad = async (from: string, to: string) => (await checkDoc(docWith(from, to), 'docs/performance-log.md')).problems;
    expect(await bad('--set cluster.racks=3000 --set workload.jobs=30`', '--racks 3000 --set workload.jobs=30`'))
      .toEqual([expect.stringMatching(/^docs\/performance-log\.md:\d+: .* gives --racks, which `hfsim run` does not accept/), expect.stringContaining('does not parse')]);
    expect(await bad('node dist/bench/sweep.js --w1 8 --seeds 8', 'node dist/bench/sweep.js --w1 8 --seed 8'))
      .toEqual([expect.stringContaining('gives --seed, which `node dist/bench/sweep.js` does not accept')]);
    expect(await bad('--set workload.jobs=400 --json', '--set workload.jobs=400 --jsn'))
      .toEqual(expect.arrayContaining([expect.stringContaining('gives --jsn'), expect.stringContaining('does not parse')]));
    expect(await bad('scenarios/fb2010-day.json', 'scenarios/fb2010-days.json'))
      .toEqual(expect.arrayContaining(['docs/performance-log.md names scenarios/fb2010-days.json, which is not in the repository']));
    expect(await bad('`--maglev`', '`--maglevv`')).toEqual([expect.stringContaining('names --maglevv, which no hfsim command')]);
    const docs = [{ file: 'docs/performance-log.md', text: log }];
    expect(checkDocLinks(readmeWith('docs/performance-log.md#parallel-throughput-earlier-rounds', 'docs/performance-log.md#parallel-throughput'), docs))
      .toEqual([expect.stringContaining('names no heading of docs/performance-log.md')]);
    expect(checkDocLinks(README, [])).toEqual(expect.arrayContaining([expect.stringContaining('which is not in docs/')]));
  });

  it('check 3: a scenario example field the schema lacks, a schema field README never names', () => {
    expect(checkScenarioFields(readmeWith('"assignMultiple": true,', '"assignMultiple": true, "assignAll": true,')))
      .toEqual([expect.stringContaining('scheduler.assignAll is not in the scenario schema')]);
    expect(checkScenarioFields(readmeWith('"disksPerNode": 4,', '"disksPerNodes": 4,'))).toEqual([expect.stringContaining('cluster.network.disksPerNodes')]);
    expect(checkScenarioFields(readmeWith('"mapMs": 20000, "reduces": 0,', '"mapsMs": 20000, "reduces": 0,'))).toEqual([expect.stringContaining('workload.groups[].mapsMs')]);
    expect(checkScenarioFields(readmeWith('"Fair + delay": { "scheduler.delay"', '"Fair + delay": { "scheduler.wait"'))).toEqual([expect.stringContaining('scheduler.wait')]);
    const schema = structuredClone(SCENARIO_SCHEMA);
    schema.properties.scheduler.properties.gangScheduling = { type: 'boolean' };
    expect(checkScenarioFields(README, schema)).toEqual([expect.stringContaining('scheduler.gangScheduling is not named in README')]);
    const swim = structuredClone(SCENARIO_SCHEMA);
    const swimKind = alternatives(swim.properties.workload).find((n) => n.properties?.kind?.const === 'swim')!;
    swimKind.properties.replaySpeed = { type: 'number' };
    expect(checkScenarioFields(README, swim)).toEqual([expect.stringContaining('workload.replaySpeed is not named in README')]);
  });
});
