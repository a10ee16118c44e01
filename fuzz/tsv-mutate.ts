/** Mutations of SWIM traces (tab-separated: job id, submit s, gap s, map input, shuffle, reduce output bytes). */
import type { Chooser } from './random.js';
import { copiesWithin } from './values.js';

const CELLS = ['NaN', '-1', '0', '1', '1.5', '1e300', '1e20', '', 'abc', '9007199254740993', 'Infinity', '-0', ' 5', '5 ', '0x10',
  '1e400', '2147483648', '18446744073709551616', '-1e300'];

export function mutateTsv(c: Chooser, text: string, realLines: readonly string[]): { text: string; what: string } {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const row = lines.length > 0 ? c.int(lines.length) : 0;
  const cells = (lines[row] ?? '').split('\t');
  const col = c.int(Math.max(1, cells.length));
  const join = (ls: string[]): string => ls.join('\n') + '\n';
  switch (c.weighted([30, 6, 6, 8, 8, 5, 6, 6, 4, 4, 3, 4])) {
    case 0: {
      const v = c.pick(CELLS);
      cells[col] = v;
      lines[row] = cells.join('\t');
      return { text: join(lines), what: `line ${row + 1} column ${col + 1} = ${JSON.stringify(v)}` };
    }
    case 1:
      cells.splice(col, 1);
      lines[row] = cells.join('\t');
      return { text: join(lines), what: `line ${row + 1}: column ${col + 1} removed` };
    case 2:
      cells.splice(col, 0, c.pick(CELLS));
      lines[row] = cells.join('\t');
      return { text: join(lines), what: `line ${row + 1}: a column added` };
    case 3: {
      const n = c.pick([1, 5, Math.max(1, lines.length - 1)]);
      lines.splice(row, n);
      return { text: join(lines), what: `${n} line(s) from ${row + 1} deleted` };
    }
    case 4: {
      const copy = lines[row] ?? 'job0\t0\t0\t1\t1\t1';
      const copies = copiesWithin(c.pick([1, 10, 1000]), copy.length);
      lines.splice(row, 0, ...Array.from({ length: copies }, () => copy));
      return { text: join(lines), what: `line ${row + 1} repeated ${copies} times` };
    }
    case 5: {
      const extra = c.pick(['', '\t', '# comment', 'job\tsubmit\tgap\tmap\tshuffle\treduce', '\r', ' ']);
      lines.splice(row, 0, extra);
      return { text: join(lines), what: `line ${JSON.stringify(extra)} inserted at ${row + 1}` };
    }
    case 6:
      c.rng.shuffle(lines);
      return { text: join(lines), what: 'lines shuffled (submit times out of order)' };
    case 7: {
      const n = c.pick([1, 50, 300]);
      const picked = Array.from({ length: n }, () => c.pick(realLines));
      return { text: join(picked), what: `${n} random lines of the Facebook traces` };
    }
    case 8:
      return { text: text.slice(0, c.int(text.length + 1)), what: 'cut short' };
    case 9:
      return { text: c.pick(['', '\n', '\ufeff' + text, text.replace(/\n/g, '\r\n'), text.replace(/\t/g, ' '), text.replace(/\t/g, ',')]), what: 'empty, re-encoded or re-delimited' };
    case 10:
      lines[row] = cells.map((x, i) => (i === 0 ? x : String(-Math.abs(Number(x) || 1)))).join('\t');
      return { text: join(lines), what: `line ${row + 1}: negative numbers` };
    default:
      lines[row] = cells.map((x, i) => (i === 0 ? x : c.pick(['1e15', '1e18', '1e300']))).join('\t');
      return { text: join(lines), what: `line ${row + 1}: huge numbers` };
  }
}
