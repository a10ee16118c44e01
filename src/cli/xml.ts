/**
 * Hadoop's XML configuration files (allocation files, capacity-scheduler.xml) as plain elements with line numbers,
 * read with fast-xml-parser. Malformed XML is an InputError naming the file and line.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { InputError } from './errors.js';

export interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
  line: number;
}

/** The document's top-level elements (processing instructions and comments left out). */
export function parseXml(text: string, file: string): El[] {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new InputError(`${file}: line ${valid.err.line}: malformed XML: ${valid.err.msg}`);
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, captureMetaData: true, parseTagValue: false, trimValues: true });
  return toElements(parser.parse(text) as unknown[], lineStarts(text)).filter((e) => !e.name.startsWith('?'));
}

/** The root element, which must be named `root`. */
export function rootElement(text: string, file: string, root: string): El {
  const el = parseXml(text, file)[0];
  if (el === undefined || el.name !== root) throw new InputError(`${file}: line ${el?.line ?? 1}: the root element must be <${root}>`);
  return el;
}

/** fast-xml-parser's ordered output (with start offsets) as plain elements with line numbers. */
function toElements(nodes: unknown[], starts: number[]): El[] {
  const meta = XMLParser.getMetaDataSymbol() as unknown as string;
  const out: El[] = [];
  for (const node of nodes as Array<Record<string, unknown>>) {
    const name = Object.keys(node).find((k) => k !== ':@');
    if (name === undefined || name === '#text' || name === '#comment') continue;
    const kids = node[name] as unknown[];
    const start = (node[meta] as { startIndex?: number } | undefined)?.startIndex ?? 0;
    const textParts = (kids as Array<Record<string, unknown>>).filter((k) => '#text' in k).map((k) => String(k['#text']));
    out.push({
      name,
      attrs: (node[':@'] as Record<string, string> | undefined) ?? {},
      children: toElements(kids, starts),
      text: textParts.join('').trim(),
      line: lineOf(starts, start),
    });
  }
  return out;
}

/** Offsets at which each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** The 1-based line holding `offset` (binary search: a long file's every element would otherwise rescan it). */
function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
