/**
 * Allocation and capacity-scheduler files with one very long text or tag: fast-xml-parser reads a text between tags,
 * and its validator an attribute, a character at a time (about a microsecond and 30-40 bytes of heap each): an
 * allocation file of 100 MB of spaces, or one pool name of 100 MB, ran past a minute and 2-3 GB, and one of the 536 MB
 * an input file may hold would run out of memory. Refused at its line before it is parsed, naming the limit.
 */
import { describe, expect, it } from 'vitest';
import { parseAllocation } from '../../src/cli/allocation.js';
import { parseCapacityFile } from '../../src/cli/capacity-file.js';
import { MAX_XML_RUN } from '../../src/core/limits.js';

const long = (c: string) => c.repeat(MAX_XML_RUN + 1);

describe('a text or tag past the limit of an XML input', () => {
  it.each([
    ['spaces between tags', `<allocations>\n${long(' ')}\n</allocations>`, '1:14', `a text of more than ${MAX_XML_RUN} characters between tags`],
    ['a pool name', `<allocations>\n<pool name="${long('a')}"/>\n</allocations>`, '2:1', `a tag of more than ${MAX_XML_RUN} characters`],
    ['a weight', `<allocations>\n<pool name="a">\n<weight>${long('1')}</weight></pool>\n</allocations>`, '3:9', `a text of more than ${MAX_XML_RUN} characters between tags`],
    // review: the text after the last tag, an end tag and a declaration were not counted
    // review: text after the root element was said to be "between tags"
    ['spaces after the root', `<allocations><pool name="a"/></allocations>\n${long(' ')}`, '1:44', `a text of more than ${MAX_XML_RUN} characters after the root element`],
    ['spaces after a self-closing root', `<allocations/>${long(' ')}<!-- c -->`, '1:15', `a text of more than ${MAX_XML_RUN} characters after the root element`],
    ['spaces before the root', `<?xml version="1.0"?>${long(' ')}<allocations/>`, '1:22', `a text of more than ${MAX_XML_RUN} characters before the root element`],
    ['an end tag', `<allocations><pool name="a"></pool${long(' ')}>\n</allocations>`, '1:29', `a tag of more than ${MAX_XML_RUN} characters`],
    ['a declaration', `<?xml version="1.0"${long(' ')}?>\n<allocations/>`, '1:1', `a tag of more than ${MAX_XML_RUN} characters`],
  ])('allocation file, %s: refused at its line and column', (_, xml, at, message) => {
    const started = performance.now();
    expect(() => parseAllocation(xml, 'a.xml')).toThrow(new RegExp(`^a\\.xml:${at}: ${message} \\(`));
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('capacity-scheduler.xml, a queue list of 3 M characters: refused at its line', () => {
    const xml = `<configuration>\n<property><name>yarn.scheduler.capacity.root.queues</name>\n<value>${'a,'.repeat(MAX_XML_RUN)}b</value></property>\n</configuration>`;
    expect(() => parseCapacityFile(xml, 'c.xml')).toThrow(new RegExp(`^c\\.xml:3:8: a text of more than ${MAX_XML_RUN} characters between tags \\(`));
  });

  // A CDATA section was passed over uncounted, but the parser reads it a character at a time too: one of 100 MB took
  // about 5 s to be accepted, 10 MB 0.9 s.
  it('a CDATA section past the limit: refused at its "<"', () => {
    const started = performance.now();
    expect(() => parseAllocation(`<allocations>\n  <pool name="a"><weight><![CDATA[${long(' ')}2]]></weight></pool>\n</allocations>`, 'a.xml'))
      .toThrow(new RegExp(`^a\\.xml:2:26: a CDATA section of more than ${MAX_XML_RUN} characters \\(the limit on one: `));
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a CDATA section of 100 MB is refused at once, without reading the rest', () => {
    const started = performance.now();
    expect(() => parseAllocation(`<allocations>\n<pool name="a"><weight><![CDATA[${' '.repeat(100_000_000)}2]]></weight></pool>\n</allocations>`, 'a.xml'))
      .toThrow(new RegExp(`^a\\.xml:2:24: a CDATA section of more than ${MAX_XML_RUN} characters`));
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('a CDATA section within the limit reads as before, its text as written', () => {
    expect(() => parseAllocation(`<allocations><pool name="a"><weight><![CDATA[${' '.repeat(MAX_XML_RUN - 20)}2]]></weight></pool></allocations>`, 'a.xml')).not.toThrow();
  });

  // review: a comment was passed over uncounted, but the parser reads it a character at a time too (100 MB of comment: 2-9 s)
  it('a comment past the limit: refused at its "<"', () => {
    const started = performance.now();
    expect(() => parseAllocation(`<allocations>\n  <!--${long('x')}-->\n</allocations>`, 'a.xml')).toThrow(new RegExp(`^a\\.xml:2:3: a comment of more than ${MAX_XML_RUN} characters \\(`));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

it('comments, each short, of more than the limit in all: refused where they pass it', async () => {
  const { MAX_XML_CHARS } = await import('../../src/core/limits.js');
  const xml = `<allocations>\n${'<!-- c -->'.repeat(Math.ceil(MAX_XML_CHARS / 10) + 1)}\n</allocations>`;
  expect(() => parseAllocation(xml, 'a.xml')).toThrow(new RegExp(`^a\\.xml:2:\\d+: the texts, tags, comments and CDATA sections up to here pass ${MAX_XML_CHARS} characters, the limit on an XML input's \\(`));
});

it('texts and tags of more than the limit in all, each short (between comments): refused at the line where they pass it', async () => {
  const { MAX_XML_CHARS } = await import('../../src/core/limits.js');
  const piece = `<!-- c -->${' '.repeat(999)}\n`;
  const xml = `<allocations>\n${piece.repeat(Math.ceil(MAX_XML_CHARS / 1000) + 1)}</allocations>`;
  expect(() => parseAllocation(xml, 'a.xml')).toThrow(new RegExp(`^a\\.xml:\\d+:\\d+: the texts, tags, comments and CDATA sections up to here pass ${MAX_XML_CHARS} characters, the limit on an XML input's \\(`));
});

it('CDATA sections, each short, of more than the limit in all: refused where they pass it, as comments are', async () => {
  const { MAX_XML_CHARS } = await import('../../src/core/limits.js');
  const xml = `<allocations>\n<pool name="a"><weight>${'<![CDATA[ ]]>'.repeat(Math.ceil(MAX_XML_CHARS / 13) + 1)}2</weight></pool>\n</allocations>`;
  expect(() => parseAllocation(xml, 'a.xml')).toThrow(new RegExp(`^a\\.xml:2:\\d+: the texts, tags, comments and CDATA sections up to here pass ${MAX_XML_CHARS} characters, the limit on an XML input's \\(`));
});
