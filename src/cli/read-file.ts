/**
 * Reading an input file as text: a missing or unreadable file is bad input (one line, exit 2), named with what it is;
 * so are bytes that are not text in the file's encoding (UTF-8, or what an XML file's declaration names), named by
 * line and column: they were read as U+FFFD, silently (a Latin-1 pool "prød" in an allocation file became a pool of its own).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { MAX_INPUT_BYTES } from '../core/limits.js';
import { InputError, fileReason } from './errors.js';
import { filePosition } from './file-position.js';

/** Every file this process read as input, in order (an output may not replace one: output-paths.ts checkOutputFile). */
const read: string[] = [];

export function inputsRead(): readonly string[] {
  return read;
}

/** How readTextFile reads a file: as text in UTF-8 unless said otherwise. */
export interface TextFileOptions {
  /** The file may declare its encoding (`<?xml version="1.0" encoding="ISO-8859-1"?>`). */
  xml?: boolean;
  /** A file named .gz is gunzipped first, as Rumen's reader does (see gunzipByName). */
  gunzipByName?: boolean;
}

export function readTextFile(file: string, what: string, { xml = false, gunzipByName: byName = false }: TextFileOptions = {}): string {
  let bytes: Buffer;
  try {
    bytes = readBounded(file, what);
  } catch (err) {
    if (err instanceof InputError) throw err;
    // a file named "-", as a shell's tools take stdin (`hfsim bench compare base.json -`): it said only "no such file"
    const dash = file === '-' && (err as NodeJS.ErrnoException).code === 'ENOENT' ? ': "-" is not stdin here; name a file, or /dev/stdin' : '';
    throw new InputError(`${file}: cannot read ${what} (${fileReason(err)}${dash})`);
  }
  if (byName) bytes = gunzipByName(file, what, bytes);
  // told as such: it was 'byte 0x8b is not UTF-8 text (save the ... as UTF-8)'
  if (isGzip(bytes)) throw new InputError(`${file}: the ${what} is gzip data: hfsim reads it as text (only a Rumen trace named .gz is unzipped, as Rumen's reader does); gunzip it`);
  const other = otherFormat(bytes, xml, what);
  if (other !== undefined) throw new InputError(`${file}: the ${what} ${other}`);
  const encoding = xml ? declaredEncoding(bytes) : 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new InputError(`${file}: declares the encoding "${encoding}", which hfsim cannot read (save it as UTF-8)`);
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    const utf16 = decoder.encoding.startsWith('utf-16');
    const at = utf16 ? firstBadUnit(bytes, decoder.encoding === 'utf-16le') : firstBadByte(bytes, encoding);
    // lines counted in the text before it: in UTF-16 a 0x0a byte is also half of other characters (U+010A, U+0A05)
    // (in XML a line ends at LF, CR LF or a CR alone, as xml.ts counts them: a file of CRs alone read "line 1" at any
    // byte; other inputs count LF, as their readers' own errors do)
    const lines = new TextDecoder(encoding).decode(bytes.subarray(0, at)).split(xml ? /\r\n?|\n/ : '\n');
    // and the column, in characters (UTF-16 units, as the JSON and XML positions count them) before it on its line
    const place = filePosition(file, lines.length, lines[lines.length - 1].length + 1);
    // a byte order mark or UTF-16's own first bytes chose the encoding, and win over any declaration
    const declare = xml && !startsWithEncoding(bytes) ? ', or declare its encoding' : '';
    // UTF-16 is read in 16-bit units: a surrogate without its pair is named whole (its byte named half of the next unit)
    const bad = !utf16 ? `byte 0x${hex(bytes[at], 2)}`
      : at + 1 < bytes.length ? `16-bit unit 0x${hex(unitAt(bytes, at, decoder.encoding === 'utf-16le'), 4)} (a surrogate without its pair)` : `the last byte, 0x${hex(bytes[at], 2)}, alone (an odd number of bytes)`;
    throw new InputError(`${place}: ${bad} is not ${decoder.encoding.toUpperCase()} text (save the ${what} as UTF-8${declare})`);
  }
  read.push(file);
  return text;
}

const isGzip = (bytes: Buffer): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Whether `bytes` start with `prefix` (bytes, or a string's character codes). */
const startsWith = (bytes: Buffer, prefix: readonly number[] | string, at = 0): boolean => [...(typeof prefix === 'string' ? Buffer.from(prefix, 'latin1') : prefix)].every((b, i) => bytes[at + i] === b);

/** Compressed formats (gzip's is told apart: isGzip) by their first bytes. */
const COMPRESSED: ReadonlyArray<[string, (bytes: Buffer) => boolean]> = [
  // "BZh", a level digit, then a block's magic (the digits of pi) or an empty stream's end (of sqrt(pi)): ASCII at first
  ['bzip2 data', (b) => startsWith(b, 'BZh') && b[3] >= 0x31 && b[3] <= 0x39 && (startsWith(b, '1AY&SY', 4) || startsWith(b, [0x17, 0x72, 0x45, 0x38, 0x50, 0x90], 4))],
  ['xz data', (b) => startsWith(b, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])],
  ['zstd data', (b) => startsWith(b, [0x28, 0xb5, 0x2f, 0xfd])],
  ['a zip archive', (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04])],
];

/**
 * What a file is where its first bytes say it is not text hfsim reads (undefined where they do not): a compressed
 * format other than gzip, or, outside XML (which reads it), UTF-16, as Windows PowerShell's ">" and Notepad's "Unicode"
 * save text: behind its byte order mark, or without one ASCII's characters each beside a NUL byte. Each was told as a
 * byte that is not UTF-8, a control character in a SWIM job id, or "invalid JSON".
 */
function otherFormat(bytes: Buffer, xml: boolean, what: string): string | undefined {
  const compressed = COMPRESSED.find(([, is]) => is(bytes))?.[0];
  if (compressed !== undefined) return `is ${compressed}: hfsim reads it as text; ${compressed.startsWith('a zip') ? `extract the ${what} from it` : 'decompress it'} first`;
  if (xml || bytes.length < 2) return undefined;
  const nulAt = (i: number): boolean => bytes.length >= 4 && bytes[i] === 0 && bytes[i + 2] === 0 && bytes[i ^ 1] !== 0 && bytes[(i ^ 1) + 2] !== 0;
  const order = startsWith(bytes, [0xff, 0xfe]) || nulAt(1) ? 'little' : startsWith(bytes, [0xfe, 0xff]) || nulAt(0) ? 'big' : undefined;
  return order === undefined ? undefined : `is UTF-16 text (${order}-endian, as Windows PowerShell's ">" and Notepad's "Unicode" save text): save it as UTF-8`;
}

/**
 * Rumen's reader (PossiblyDecompressedInputStream) decompresses by the codec Hadoop's CompressionCodecFactory finds for
 * the file's name: a .gz trace is gunzipped (to at most MAX_INPUT_BYTES, as any input); another codec's suffix is
 * refused, as hfsim has no such codec; gzip data under another name is refused, as Rumen reads it as it is and fails.
 */
function gunzipByName(file: string, what: string, bytes: Buffer): Buffer {
  if (file.endsWith('.gz')) {
    try {
      return gunzipSync(bytes, { maxOutputLength: MAX_INPUT_BYTES });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new InputError(`${file}: the ${what} unzips to more than ${MAX_INPUT_BYTES} bytes, the limit on an input file (V8's longest string)`);
      // gzip's own bytes that do not unzip: a file cut short (a copy stopped midway) or damaged, not another format
      if (isGzip(bytes)) throw new InputError(`${file}: the ${what} is gzip data that does not unzip (${(err as Error).message}): the file may be cut short or damaged; copy it again`);
      throw new InputError(`${file}: the ${what} is named .gz, but is not gzip data (${(err as Error).message})`);
    }
  }
  const codec = /\.(bz2|deflate|snappy|lz4|zst)$/.exec(file);
  if (codec !== null) throw new InputError(`${file}: the ${what} is compressed (.${codec[1]}), which hfsim cannot read: decompress it first (.gz is read, as Rumen reads it)`);
  if (isGzip(bytes)) throw new InputError(`${file}: the ${what} is gzip data, but not named .gz: Rumen's reader decompresses by the name, and fails on it as it is; name it .gz, or gunzip it`);
  return bytes;
}

/**
 * The file's bytes, at most MAX_INPUT_BYTES: a larger file is refused by its size before it is read, and a pipe or a
 * device (/dev/zero, a process substitution) as soon as it has given more.
 */
function readBounded(file: string, what: string): Buffer {
  const tooLarge = (size: string): InputError => new InputError(`${file}: the ${what} is ${size}, above the limit of ${MAX_INPUT_BYTES} bytes for an input file (V8's longest string)`);
  const fd = openSync(file, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > MAX_INPUT_BYTES) throw tooLarge(`${stat.size} bytes`);
    // A regular file in one read of its size (its end seen by the next); a pipe 64 KiB a read, each read after the
    // first copied out of one buffer (a whole buffer kept per read held 16 times the bytes a pipe gave).
    const chunks: Buffer[] = [];
    let total = 0;
    let buffer = Buffer.allocUnsafe(stat.isFile() ? stat.size + 1 : 1 << 16);
    for (let first = true; ; first = false) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      total += n;
      // a pipe or a device: no size to read first (it said "the scenario file is larger, above the limit")
      if (total > MAX_INPUT_BYTES) throw new InputError(`${file}: the ${what} gave more than ${MAX_INPUT_BYTES} bytes, the limit for an input file (V8's longest string)`);
      if (first) {
        chunks.push(buffer.subarray(0, n));
        buffer = Buffer.allocUnsafe(1 << 16);
      } else chunks.push(Buffer.from(buffer.subarray(0, n)));
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * The encoding of an XML file: the one its declaration names, read as ASCII, or UTF-8. A byte order mark (or UTF-16's
 * "<?" without one: startsWithEncoding) wins over a declaration (an editor saved the file as UTF-8 and left an old header): UTF-8's, or UTF-16's (Windows Notepad's
 * "Unicode", which XML allows and Hadoop's parser reads: it was refused as "not UTF-8 text", its encoding declared).
 * A declaration of UTF-16 or UTF-32 that could be read as ASCII is read as UTF-8 (it cannot be true).
 */
function declaredEncoding(bytes: Buffer): string {
  const own = startsWithEncoding(bytes);
  if (own !== undefined) return own;
  const named = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(bytes.subarray(0, 200).toString('latin1'))?.[1];
  return named === undefined || /^(utf|ucs)-?(16|32|2|4)/i.test(named) ? 'utf-8' : named;
}

/**
 * The encoding a file's first bytes give, as XML's Appendix F reads them: a byte order mark (UTF-8's, UTF-16's in
 * either order), or "<?" in UTF-16 without one (it was refused as "Tag ' ? x m l ' is an invalid name"); undefined
 * where they give none (a declaration, or UTF-8, decides).
 */
function startsWithEncoding(bytes: Buffer): string | undefined {
  const starts = (...b: number[]): boolean => startsWith(bytes, b);
  if (starts(0xef, 0xbb, 0xbf)) return 'utf-8';
  if (starts(0xff, 0xfe) || starts(0x3c, 0x00, 0x3f, 0x00)) return 'utf-16le';
  if (starts(0xfe, 0xff) || starts(0x00, 0x3c, 0x00, 0x3f)) return 'utf-16be';
  return undefined;
}

const hex = (n: number, digits: number): string => n.toString(16).padStart(digits, '0');

const unitAt = (bytes: Buffer, at: number, le: boolean): number => (le ? bytes[at] | (bytes[at + 1] << 8) : (bytes[at] << 8) | bytes[at + 1]);

/**
 * The offset of UTF-16's first unit that does not decode: a high surrogate (0xd800-0xdbff) not followed by a low one,
 * or a low one (0xdc00-0xdfff) alone; else the last byte of an odd count.
 */
function firstBadUnit(bytes: Buffer, le: boolean): number {
  let i = 0;
  for (; i + 1 < bytes.length; i += 2) {
    const u = unitAt(bytes, i, le);
    if (u >= 0xdc00 && u <= 0xdfff) return i;
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = i + 3 < bytes.length ? unitAt(bytes, i + 2, le) : -1;
      if (next < 0xdc00 || next > 0xdfff) return i;
      i += 2;
    }
  }
  return Math.min(i, bytes.length - 1);
}

/**
 * The offset of the first byte that does not decode: past the longest prefix that decodes (streaming, so a sequence cut
 * by the prefix's end is not an error), or, where that prefix ends inside a sequence, that sequence's first byte.
 */
function firstBadByte(bytes: Buffer, encoding: string): number {
  const at = decodablePrefix(bytes, encoding);
  let lead = at;
  while (lead > 0 && at - lead < 3 && (bytes[lead - 1] & 0xc0) === 0x80) lead--;
  return lead > 0 && bytes[lead - 1] >= 0xc0 && !decodes(bytes.subarray(0, at), encoding) ? lead - 1 : Math.min(at, bytes.length - 1);
}

function decodes(bytes: Buffer, encoding: string): boolean {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The length of the longest prefix that decodes, a sequence cut by its end allowed. */
function decodablePrefix(bytes: Buffer, encoding: string): number {
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    try {
      new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return lo;
}
