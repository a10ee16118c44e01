/**
 * Hadoop's XML configuration files (allocation files, capacity-scheduler.xml) as plain elements with their lines and columns,
 * read with fast-xml-parser. Malformed XML is an InputError naming the file, line and column (`file:line:column:`).
 */
import { createRequire } from 'node:module';
import { codePoint, javaTrim } from './decimal.js';
import { InputError } from './errors.js';
import { filePosition, positionAt } from './file-position.js';
import { lastAtMost, lineStarts } from './line-starts.js';
import { MAX_XML_CHARS, MAX_XML_RUN } from '../core/limits.js';

/**
 * fast-xml-parser (its CommonJS build, the same version), loaded at the first XML file: with its dependencies it is
 * ~40 modules, which every `hfsim run` loaded before, whether or not its scenario names an allocation file.
 */
let fxp: typeof import('fast-xml-parser') | undefined;
const xmlParser = (): typeof import('fast-xml-parser') => (fxp ??= createRequire(import.meta.url)('fast-xml-parser') as typeof import('fast-xml-parser'));

export interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  /** The element's text, trimmed as Java's String.trim trims it (javaTrim), as Hadoop's readers trim a value. */
  text: string;
  /** Where its start tag's "<" stands, from 1. */
  line: number;
  column: number;
}

/** An element's position as messages name it: `file:line:column`. */
export const elementAt = (file: string, el: El): string => filePosition(file, el.line, el.column);

/**
 * The document's top-level elements. Processing instructions (the XML declaration among them) and comments are left
 * out at every depth, as Hadoop's readers skip every node that is not an element (AllocationFileLoaderService and
 * MR1's PoolManager: `if (!(node instanceof Element)) continue;`; Configuration's parser too).
 */
export function parseXml(source: string, file: string, splitValues: SplitValues = 'join'): El[] {
  // XML's end-of-line handling (2.11): CR LF and a CR alone are each read as LF before parsing, as Hadoop's parsers
  // read them; a file of CR alone (classic Mac OS) had every error at line 1.
  const text = source.replace(/\r\n?/g, '\n');
  // An error's one position is found by a scan to it; the table of lines' starts only once the file parses (a refused
  // 100 MB file spent 0.3 s on it).
  const at = (offset: number): string => positionAt(file, text, offset);
  // The outline first: it stops at the first text, tag, comment or CDATA section past the limits, which every later
  // pass (the DOCTYPE and character checks' among them) would read whole.
  const outline = outlineOf(text);
  if (outline.tooDeep >= 0) throw new InputError(`${at(outline.tooDeep)}: ${TOO_DEEP}`);
  if (outline.longRun >= 0) {
    throw new InputError(`${at(outline.longRun)}: a ${outline.longWhat} of more than ${MAX_XML_RUN} characters${outline.longWhere} (the limit on one: hfsim's XML parser reads it a character at a time, and Hadoop's values are short)`);
  }
  if (outline.tooMuch >= 0) {
    throw new InputError(`${at(outline.tooMuch)}: the texts, tags, comments and CDATA sections up to here pass ${MAX_XML_CHARS} characters, the limit on an XML input's (hfsim's XML parser reads them a character at a time; 10,000 pools take about 3 MB)`);
  }
  if (outline.ltInValue >= 0) throw new InputError(`${at(outline.ltInValue)}: malformed XML: a "<" in an attribute's value (write &lt;): Hadoop's XML parser refuses the file`);
  // A DOCTYPE can declare entities (external ones read other files); Hadoop's configuration files have none. One
  // written inside a comment or a CDATA section is text, not a declaration.
  const doctype = doctypeAt(text);
  if (doctype !== null) throw new InputError(`${at(doctype.index)}: a DOCTYPE (and any entity it declares) is not supported`);
  const notChar = NOT_XML_CHAR.exec(text);
  if (notChar !== null) throw new InputError(`${at(notChar.index)}: malformed XML: ${codePoint(notChar[0])}, a character XML does not allow (only tab, newline and carriage return below U+0020): Hadoop's XML parser refuses the file`);
  const { XMLParser, XMLValidator } = xmlParser();
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new InputError(malformed(valid.err, text, file, at));
  // The validator ends the document at the root's closing tag alone: after a self-closing root, text passed (and was
  // dropped), where Hadoop's parser refuses it ("Content is not allowed in trailing section").
  if (outline.strayText >= 0) throw new InputError(`${at(outline.strayText)}: malformed XML: ${strayText(text, outline.strayText, outline.firstRoot)}`);
  const badRef = badReference(text);
  if (badRef !== null) throw new InputError(`${at(badRef.index)}: ${badRef.problem}`);
  // References are decoded here (decode), not by the parser, which left &#50; as it was and &foo; too.
  // CDATA apart (cdataPropName): its text is taken as written, references and all, as Hadoop's parser takes it.
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, captureMetaData: true, parseTagValue: false, trimValues: false, processEntities: false, cdataPropName: CDATA,
    transformTagName: named, transformAttributeName: named });
  let nodes: unknown[];
  try {
    nodes = parser.parse(text) as unknown[];
  } catch (err) {
    // The parser's own limits (nesting, entities) the validator lets through.
    throw new InputError(`${file}: malformed XML: ${err instanceof Error ? err.message : String(err)}`);
  }
  return toElements(nodes, file, lineStarts(text), 0, splitValues);
}

/**
 * The root element, which must be named `root` and be the only one; `whatElse` says what a file with another root
 * is, when it can tell (a scheduler file of the other kind), after the error.
 */
export function rootElement(text: string, file: string, root: string, splitValues: SplitValues, whatElse?: (el: El) => string | undefined): El {
  const [el, second] = parseXml(text, file, splitValues);
  if (el === undefined || el.name !== root) {
    const other = el === undefined ? undefined : whatElse?.(el);
    throw new InputError(`${el === undefined ? filePosition(file, 1) : elementAt(file, el)}: the root element must be <${root}>${other === undefined ? '' : `: ${other}`}`);
  }
  if (second !== undefined) throw new InputError(`${elementAt(file, second)}: a second root element <${second.name}>; a file has one <${root}>`);
  return el;
}

/**
 * The characters XML 1.0 does not allow (outside its Char production), written or by reference: the controls below
 * U+0020 but tab, newline and CR, and U+FFFE and U+FFFF. Xerces and Woodstox, Hadoop's parsers, refuse a file with
 * one; fast-xml-parser read it. (A lone surrogate cannot be read from UTF-8: read-file.ts refuses those bytes.)
 */
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Elements nested deeper than this are refused (Hadoop's files nest a few levels; the reading recurses). */
const MAX_DEPTH = 64;
const TOO_DEEP = `elements nest deeper than ${MAX_DEPTH} levels`;

/** Where a file's elements and its stray text stand (offsets; -1: none), found before the XML is checked. */
interface Outline {
  /** The first element nested past MAX_DEPTH. */
  tooDeep: number;
  /** The first character outside every element that is neither white space nor markup. */
  strayText: number;
  /** The first top-level element's name ('' when there is none). */
  firstRoot: string;
  /** The first text, tag, comment or CDATA section longer than MAX_XML_RUN, which, and for a text where (' between tags', ' after the root element'). */
  longRun: number;
  longWhat: 'text' | 'tag' | 'comment' | 'CDATA section';
  longWhere: string;
  /** Where the texts, tags, comments and CDATA sections together pass MAX_XML_CHARS. */
  tooMuch: number;
  /** The first "<" inside a start tag's quoted attribute value, which XML forbids and the validator passes. */
  ltInValue: number;
}

/**
 * The file's outline, found before the XML is checked, as the checker and the parser hold every open element (25 M
 * unclosed ones, 75 MB, took 46 s and 4 GB to refuse) and the parser refused more than 100 (or fewer) as "Maximum
 * nested tags exceeded", with no line. A scan by indexOf, not a regular expression: one over a start tag's quoted
 * attributes overflowed V8's stack on a '<' with 20 MB and no '>' after it. Comments, CDATA sections, processing
 * instructions and declarations open nothing; a tag cut by the file's end counts. It stops at
 * the first problem (past MAX_DEPTH or a limit on characters).
 */
function outlineOf(text: string): Outline {
  const outline: Outline = { tooDeep: -1, strayText: -1, firstRoot: '', longRun: -1, longWhat: 'text', longWhere: '', tooMuch: -1, ltInValue: -1 };
  let chars = 0;
  let depth = 0;
  const long = (what: Outline['longWhat'], at: number, length: number): void => {
    chars += length;
    if (outline.longRun < 0 && length > MAX_XML_RUN) [outline.longRun, outline.longWhat, outline.longWhere] = [at, what, what === 'text' ? textPlace(depth, outline.firstRoot) : ''];
    if (outline.tooMuch < 0 && chars > MAX_XML_CHARS) outline.tooMuch = at;
  };
  let from = 0;
  // XML's white space, and a byte order mark where the file starts
  const nonBlank = /[^ \t\r\n]/g;
  const outside = (end: number): void => {
    if (depth > 0 || outline.strayText >= 0) return;
    nonBlank.lastIndex = from === 0 && text.startsWith('\uFEFF') ? 1 : from;
    const m = nonBlank.exec(text);
    if (m !== null && m.index < end) outline.strayText = m.index;
  };
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at)) {
    const tag = at;
    outside(tag);
    long('text', from, tag - from);
    if (text.startsWith('<!--', at)) {
      at = endAfter(text, '-->', at + 4);
      long('comment', tag, at - tag);
    }
    else if (text.startsWith('<![CDATA[', at)) {
      // character data outside every element is text there too (the validator passed it after the root)
      if (depth === 0 && outline.firstRoot !== '' && outline.strayText < 0) outline.strayText = tag;
      at = endAfter(text, ']]>', at + 9);
      long('CDATA section', tag, at - tag);
    } else if (text[at + 1] === '?' || text[at + 1] === '!') {
      at = endAfter(text, '>', at + 2);
      long('tag', tag, at - tag);
    } else if (text[at + 1] === '/') {
      at = endAfter(text, '>', at + 2);
      long('tag', tag, at - tag);
      depth--;
    } else {
      // A start tag: to its '>', past quoted attribute values, which may hold '>' and '/>'.
      let quote = '';
      let k = at + 1;
      for (; k < text.length; k++) {
        const c = text[k];
        if (quote !== '') {
          if (c === quote) quote = '';
          else if (c === '<' && outline.ltInValue < 0) outline.ltInValue = k;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      at = k + 1;
      long('tag', tag, k - tag);
      if (depth === 0 && outline.firstRoot === '') outline.firstRoot = /^[^\s/>]*/.exec(text.slice(tag + 1, k))![0];
      if (!(k < text.length && text[k - 1] === '/') && ++depth > MAX_DEPTH) return { ...outline, tooDeep: tag };
    }
    from = at;
    if (outline.longRun >= 0 || outline.tooMuch >= 0) return outline;
  }
  outside(text.length);
  long('text', from, text.length - from);
  return outline;
}

/** Where a text at `depth` stands, said after "a text of more than N characters". */
const textPlace = (depth: number, firstRoot: string): string => (depth > 0 ? ' between tags' : firstRoot === '' ? ' before the root element' : ' after the root element');

/** The stray text at `at` (its first line, shortened), said after the root element `root`. */
function strayText(text: string, at: number, root: string): string {
  if (text.startsWith('<![CDATA[', at)) return `text after the root element <${root}> (a CDATA section)`;
  const piece = /^[^\r\n<]*/.exec(text.slice(at, at + 200))![0].trim();
  return `text after the root element <${root}> (${JSON.stringify(piece.length > 20 ? `${piece.slice(0, 20)}...` : piece)})`;
}

/** The offset just past the first `end` at or after `from`, or the text's length when there is none. */
function endAfter(text: string, end: string, from: number): number {
  const k = text.indexOf(end, from);
  return k < 0 ? text.length : k + end.length;
}

/** fast-xml-parser's ordered output (with start offsets) as plain elements with lines and columns. */
function toElements(nodes: unknown[], file: string, starts: number[], depth: number, splitValues: SplitValues): El[] {
  const meta = xmlParser().XMLParser.getMetaDataSymbol() as unknown as string;
  const out: El[] = [];
  for (const node of nodes as Array<Record<string, unknown>>) {
    const key = Object.keys(node).find((k) => k !== ':@');
    // fast-xml-parser names a processing instruction "?target"; comments it drops (no commentPropName), joining the
    // text around them as Xerces does with setIgnoringComments(true), which Hadoop's allocation file readers set; text
    // and CDATA are taken with their element's.
    if (key === undefined || !(key.startsWith(NAMED) || key.startsWith('?'))) continue;
    const start = (node[meta] as { startIndex?: number } | undefined)?.startIndex ?? 0;
    const name = key.startsWith(NAMED) ? key.slice(NAMED.length) : key;
    const { line, column } = placeOf(starts, start);
    const at = filePosition(file, line, column);
    if (key.startsWith('?')) {
      // XML reserves the target "xml" (any case) for the declaration, at the file's start: Hadoop's parser refuses one
      // anywhere else; any other processing instruction is skipped, as Hadoop's readers skip every non-element node.
      if (depth > 0 && name.slice(1).toLowerCase() === 'xml') throw new InputError(`${at}: <?${name.slice(1)} ...?> inside an element: the XML declaration may stand only at the start of the file`);
      continue;
    }
    const kids = node[key] as unknown[];
    if (depth >= MAX_DEPTH) throw new InputError(`${at}: ${TOO_DEEP}`);
    const textParts = (kids as Array<Record<string, unknown>>).flatMap((k) => ('#text' in k ? [decode(String(k['#text']), at)] : CDATA in k ? [cdataText(k[CDATA])] : []));
    const children = toElements(kids, file, starts, depth + 1, splitValues);
    if (children.length === 0 && splitValues === 'refuse') refuseSplitValue(name, textParts, at);
    const attrs: Record<string, string> = Object.create(null) as Record<string, string>; // an attribute may be named __proto__
    for (const [k, v] of Object.entries((node[':@'] as Record<string, string> | undefined) ?? {})) attrs[k.slice(NAMED.length)] = decode(String(v), at);
    out.push({ name, attrs, children, text: javaTrim(textParts.join('')), line, column });
  }
  return out;
}

/**
 * How a value split in pieces by a processing instruction or a CDATA section is read. 'join': the pieces joined, as
 * Hadoop's Configuration reads capacity-scheduler.xml (its StAX reader appends text and CDATA, skipping the rest).
 * 'refuse': refused at its line, as the allocation file readers (AllocationFileLoaderService's getTrimmedTextData,
 * MR1's PoolManager) take the element's first text node alone (`<weight>2<?pi?>0</weight>`: 2), where the XML's
 * text is the pieces joined (20), so either reading would be silently wrong to someone. A comment splits nothing:
 * those readers set setIgnoringComments(true), under which Xerces joins the text around it. Blank pieces beside a
 * single one do not count.
 */
export type SplitValues = 'join' | 'refuse';

function refuseSplitValue(name: string, parts: readonly string[], at: string): void {
  const pieces = parts.map(javaTrim).filter((p) => p !== '');
  if (pieces.length < 2) return;
  throw new InputError(`${at}: <${name}>'s value is split in ${pieces.length} pieces (${pieces.slice(0, 3).map((p) => JSON.stringify(p.length > 20 ? `${p.slice(0, 20)}...` : p)).join(', ')}${pieces.length > 3 ? ', ...' : ''}) by a processing instruction or CDATA section: Hadoop's allocation file reader takes the first piece alone, the XML's text is them joined; write the value in one piece`);
}

/**
 * The validator's error as one line. A file that ends with several elements open is said so, at its end, naming the
 * outermost and the innermost few: the validator said "line 1: Invalid '[    "allocations",    "pool"]' found.", every open element listed
 * (800 KB for 100,000 of them).
 */
function malformed(err: { line: number; col: number; msg: string }, text: string, file: string, at: (offset: number) => string): string {
  const open = /^Invalid '(\[.*\])' found\.$/s.exec(err.msg);
  if (open === null) return `${filePosition(file, err.line, err.col)}: malformed XML: ${err.msg}`;
  const names = (JSON.parse(open[1]) as string[]).map((n) => `<${n}>`);
  // The outermost, then the innermost few: the element left open is most often among those last opened.
  const shown = names.length <= 4 ? names.join(', ') : `${names[0]}, ${names.length - 4} more, then ${names.slice(-3).join(', ')}`;
  return `${at(Math.max(0, text.trimEnd().length - 1))}: malformed XML: the file ends with ${names.length} elements not closed: ${shown}`;
}

/**
 * Put before every element's and attribute's name as it is parsed, and taken off as it is read: fast-xml-parser
 * refuses "constructor", "__proto__" and "prototype" as names ("malformed XML: [SECURITY] ...", with no line) and
 * renames "hasOwnProperty", "toString" and the like ("unknown element <__hasOwnProperty>"); so prefixed, no name is
 * one of them. No XML name starts with "#", so none is read as another.
 */
const NAMED = '#:';
/** A name with NAMED before it, once (the parser transforms a self-closing tag's name twice). */
const named = (name: string): string => (name.startsWith(NAMED) ? name : NAMED + name);

/** The property fast-xml-parser puts a CDATA section's text under. */
const CDATA = '#cdata';

/** A CDATA section's text, as written (the parser holds it as [{ '#text': ... }]). */
function cdataText(section: unknown): string {
  return (section as Array<Record<string, unknown>>).map((k) => String(k['#text'] ?? '')).join('');
}

/**
 * Where a DOCTYPE declaration starts, skipping comments and CDATA sections (null: none). By indexOf: a regular
 * expression's lazy match over each comment took 0.4 s of a 100 MB one, and 0.9 s of 10 M short ones.
 */
function doctypeAt(text: string): { index: number } | null {
  for (let at = text.indexOf('<!'); at >= 0; at = text.indexOf('<!', at)) {
    if (text.startsWith('<!--', at)) at = endAfter(text, '-->', at + 4);
    else if (text.startsWith('<![CDATA[', at)) at = endAfter(text, ']]>', at + 9);
    else if (text.slice(at + 2, at + 9).toUpperCase() === 'DOCTYPE') return { index: at };
    else at += 2;
  }
  return null;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A reference, or an "&" that starts none (no ";"): the name, "#" and a number, or "#x" and a hexadecimal one. A name
 * ends at a quote or "<" too, as it is found in the file's text, where an attribute value's quote follows it.
 */
const REFERENCE = /&(#[0-9]+|#x[0-9a-fA-F]+|[^;&\s"'<>]*);?/g;
const REFERENCE_AT = new RegExp(REFERENCE.source, 'y');

/** What is wrong with the reference `ref` (its name or number `name`), or undefined when XML allows it. */
function referenceProblem(ref: string, name: string): string | undefined {
  if (!ref.endsWith(';')) return `"&" must start a reference such as &amp; (found "${ref}")`;
  if (name.startsWith('#')) {
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) return `${ref} is not a character`;
    if (NOT_XML_CHAR.test(String.fromCodePoint(code))) return `${ref} is not a character XML allows (${codePoint(String.fromCodePoint(code))}: only tab, newline and carriage return below U+0020): Hadoop's XML parser refuses the file`;
    return undefined;
  }
  return name in PREDEFINED ? undefined : `unknown entity ${ref} (XML defines only &amp; &lt; &gt; &quot; &apos;)`;
}

/** Sections whose "&" is no reference: comments, CDATA sections, processing instructions. */
const SKIPPED = [['<!--', '-->'], ['<![CDATA[', ']]>'], ['<?', '?>']] as const;

/**
 * The first reference XML does not allow, in the file's order, with its offset (its "&"); null: none. Run on a file
 * the validator passed, where an "&" outside the skipped sections stands in a text or an attribute value.
 */
function badReference(text: string): { index: number; problem: string } | null {
  let lt = text.indexOf('<');
  for (let amp = text.indexOf('&'); amp >= 0; ) {
    if (lt >= 0 && lt < amp) {
      const skipped = SKIPPED.find(([open]) => text.startsWith(open, lt));
      const next = skipped === undefined ? lt + 1 : endAfter(text, skipped[1], lt + skipped[0].length);
      lt = text.indexOf('<', next);
      if (amp < next) amp = text.indexOf('&', next);
      continue;
    }
    REFERENCE_AT.lastIndex = amp;
    const [ref, name] = REFERENCE_AT.exec(text)!;
    const problem = referenceProblem(ref, name!);
    if (problem !== undefined) return { index: amp, problem };
    amp = text.indexOf('&', amp + 1);
  }
  return null;
}

/** XML's references in a text or attribute value, decoded (badReference refused any other first; `at` names the element should one pass). */
function decode(value: string, at: string): string {
  if (!value.includes('&')) return value;
  return value.replace(REFERENCE, (ref, name: string) => {
    const problem = referenceProblem(ref, name);
    if (problem !== undefined) throw new InputError(`${at}: ${problem}`);
    if (!name.startsWith('#')) return PREDEFINED[name]!;
    return String.fromCodePoint(name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
  });
}

/** The line and column (from 1) of `offset` (binary search: a long file's every element would otherwise rescan it). */
function placeOf(starts: number[], offset: number): { line: number; column: number } {
  const k = lastAtMost(starts, offset);
  return { line: k + 1, column: offset - starts[k] + 1 };
}
