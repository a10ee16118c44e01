/** Mutations of allocation files (MR1 fair-scheduler.xml, YARN allocation XML), on the text. */
import type { Chooser } from './random.js';
import { copiesWithin } from './values.js';

const VALUES = [
  '-1', '0', '1', '1.5', '1e300', '-1e300', '1e400', 'NaN', 'Infinity', '', ' 5 ', 'abc', '0x10', '9007199254740993', '2147483648',
  '1024 mb, 2 vcores', '1024 mb, 2 vcores junk', '1024mb,2vcores', '5120 mb', '5 vcores', '-5120 mb, -5 vcores',
  '1e300 mb, 1e300 vcores', '0 mb, 0 vcores', '1024 MB, 2 VCORES', 'memory-mb=1024, vcores=2', '50%', '1024 mb, 2 vcores, 3 gpus',
  '250%', '0.1%', '40% memory, 60% cpu', '40% memory, 0% cpu', 'vcores=50%, memory-mb=60%', 'memory-mb=25%', 'vcores=4', '90000 mb,0vcores', '1e400%',
  'fifo', 'fair', 'drf', 'FIFO', 'true', '&lt;', '<![CDATA[7]]>', '<!-- c -->5', '5<!-- c -->',
];
const ELEMENTS = ['pool', 'queue', 'user', 'minMaps', 'maxMaps', 'minReduces', 'maxReduces', 'weight', 'minResources', 'maxResources',
  'maxRunningApps', 'maxRunningJobs', 'schedulingMode', 'schedulingPolicy', 'minSharePreemptionTimeout', 'userMaxJobsDefault',
  'userMaxAppsDefault', 'poolMaxJobsDefault', 'queueMaxAppsDefault', 'defaultQueueSchedulingPolicy', 'defaultPoolSchedulingMode',
  'fairSharePreemptionTimeout', 'defaultMinSharePreemptionTimeout', 'minMap', 'allocations', 'maxAMShare', 'aclSubmitApps'];
const NAMES = ['', 'root', 'a.b', 'sample_pool', 'default', '__proto__', 'constructor', 'x&amp;y', 'root.sample_pool', ' spaced ', 'p'];

interface Leaf { start: number; end: number; tag: string; text: string }

function leaves(xml: string): Leaf[] {
  const out: Leaf[] = [];
  for (const m of xml.matchAll(/<(\w+)(\s[^>]*)?>([^<]*)<\/\1>/g)) out.push({ start: m.index, end: m.index + m[0].length, tag: m[1], text: m[3] });
  return out;
}

function blocks(xml: string): Array<{ start: number; end: number; tag: string }> {
  const out: Array<{ start: number; end: number; tag: string }> = [];
  for (const m of xml.matchAll(/<(pool|queue|user)\b[^>]*>[\s\S]*?<\/\1>/g)) out.push({ start: m.index, end: m.index + m[0].length, tag: m[1] });
  return out;
}

const splice = (s: string, start: number, end: number, insert: string): string => s.slice(0, start) + insert + s.slice(end);

export function mutateXml(c: Chooser, xml: string): { text: string; what: string } {
  const ls = leaves(xml);
  const bs = blocks(xml);
  const at = c.int(xml.length + 1);
  switch (c.weighted([30, 8, 10, 5, 6, 5, 5, 6, 6, 4, 5, 4, 3])) {
    case 0: {
      if (ls.length === 0) break;
      const l = c.pick(ls);
      const v = c.pick(VALUES);
      return { text: splice(xml, l.start, l.end, `<${l.tag}>${v}</${l.tag}>`), what: `<${l.tag}> = ${JSON.stringify(v)}` };
    }
    case 1: {
      if (ls.length === 0) break;
      const l = c.pick(ls);
      return { text: splice(xml, l.end, l.end, '\n' + xml.slice(l.start, l.end)), what: `<${l.tag}> twice` };
    }
    case 2: {
      if (bs.length === 0) break;
      const b = c.pick(bs);
      const block = xml.slice(b.start, b.end);
      const copies = copiesWithin(c.pick([1, 2, 100, 20_000]), block.length);
      const rename = c.chance(0.7);
      const text = Array.from({ length: copies }, (_, i) => (rename ? block.replace(/name="[^"]*"/, `name="p${i}"`) : block)).join('\n');
      return { text: splice(xml, b.end, b.end, '\n' + text), what: `<${b.tag}> copied ${copies} times${rename ? ', renamed' : ''}` };
    }
    case 3: {
      const root = /<allocations>[\s\S]*<\/allocations>/.exec(xml);
      return { text: xml + '\n' + (root ? root[0] : '<allocations/>'), what: 'two root elements' };
    }
    case 4: {
      const kind = c.int(3);
      const doctype = [
        '<!DOCTYPE allocations [<!ENTITY n "7">]>',
        '<!DOCTYPE allocations [<!ENTITY n SYSTEM "file:///etc/hostname">]>',
        '<!DOCTYPE allocations [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY n "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>',
      ][kind];
      let text = xml.replace(/(<\?xml[^>]*\?>)?/, (decl) => `${decl}\n${doctype}`);
      const l = ls.length > 0 ? c.pick(ls) : undefined;
      if (l) text = text.replace(`<${l.tag}>${l.text}</${l.tag}>`, `<${l.tag}>&n;</${l.tag}>`);
      return { text, what: ['an internal entity', 'an external entity', 'nested entities (billion laughs)'][kind] };
    }
    case 5: {
      const junk = c.pick(['garbage', '<', '</allocations>', '<pool name="late"/>', '&', '\u0000', ']]>']);
      return { text: xml + junk, what: `junk after the root: ${JSON.stringify(junk)}` };
    }
    case 6:
      return { text: xml.slice(0, at), what: `cut at ${at}` };
    case 7: {
      const b = bs.length > 0 ? c.pick(bs) : undefined;
      const el = c.pick(ELEMENTS);
      const v = c.pick(VALUES);
      const pos = b ? xml.indexOf('>', b.start) + 1 : xml.indexOf('<allocations>') + '<allocations>'.length;
      return { text: splice(xml, pos, pos, `<${el}>${v}</${el}>`), what: `<${el}>${v}</${el}> inserted${b ? ` in <${b.tag}>` : ''}` };
    }
    case 8: {
      const named = [...xml.matchAll(/name="[^"]*"/g)];
      if (named.length === 0) break;
      const m = c.pick(named);
      const v = c.chance(0.2) ? '' : `name="${c.pick(NAMES)}"`;
      return { text: splice(xml, m.index, m.index + m[0].length, v), what: v === '' ? 'a name attribute removed' : `${v}` };
    }
    case 9: {
      const q = bs.find((b) => b.tag === 'queue' || b.tag === 'pool');
      if (!q) break;
      const depth = c.pick([2, 50, 5000]);
      const tag = q.tag;
      const open = Array.from({ length: depth }, (_, i) => `<${tag} name="n${i}">`).join('');
      return { text: splice(xml, q.start, q.end, open + xml.slice(q.start, q.end) + `</${tag}>`.repeat(depth)), what: `<${tag}> nested ${depth} deep` };
    }
    case 10: {
      const lines = xml.split('\n');
      const i = c.int(lines.length);
      lines.splice(i, 1);
      return { text: lines.join('\n'), what: `line ${i + 1} deleted` };
    }
    case 11: {
      const type = c.pick(['type="parent"', 'type="bogus"', 'name="a" name="b"', 'weight="3"', 'xmlns="urn:x"']);
      const tagAt = xml.indexOf('<', xml.indexOf('<allocations') + 1);
      const end = xml.indexOf('>', tagAt);
      if (tagAt < 0 || end < 0 || xml[end - 1] === '/') break;
      return { text: splice(xml, end, end, ' ' + type), what: `attribute ${type}` };
    }
    default:
      return { text: c.pick(['', '<allocations/>', '<?xml version="1.0"?>', '<allocations></allocations>', '\ufeff' + xml, xml.replace(/\n/g, '\r\n')]), what: 'replaced by a minimal or re-encoded document' };
  }
  return { text: xml + '\n<!-- -->', what: 'a trailing comment' };
}
