/**
 * XML's references (&amp;, &#10;, &#x41;) that are not one XML allows: each is refused at its "&", in a text or an
 * attribute value, the first in the file first. They were placed at their element's "<", a line or more away.
 */
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../src/cli/xml.js';

describe('a bad reference: refused at its "&"', () => {
  it.each([
    ['an unknown entity in a text', '<a>\n  <b>x &foo; y</b>\n</a>', '2:8: unknown entity &foo; (XML defines only &amp; &lt; &gt; &quot; &apos;)'],
    ['an unknown entity in an attribute', '<a>\n  <b name="x&foo;"/>\n</a>', '2:13: unknown entity &foo;'],
    ['an "&" that starts no reference', '<a>\n<b name="R&D"/>\n</a>', '2:11: "&" must start a reference such as &amp; (found "&D")'],
    ['a reference to no character', '<a><b>&#0;</b></a>', '1:7: &#0; is not a character'],
    ['a control character referenced', '<a>\n<b>1.5&#x1;</b>\n</a>', '2:7: &#x1; is not a character XML allows'],
    ['a parent\'s text after its child\'s', '<a>\n<b>&bad1;</b>\n&bad2;\n</a>', '2:4: unknown entity &bad1;'],
    ['after a comment, a CDATA section and a processing instruction holding "&"', '<a><!-- & --><![CDATA[&]]><?pi &?>\n&x;</a>', '2:1: unknown entity &x;'],
  ])('%s', (_, xml, message) => {
    expect(() => parseXml(xml, 'f.xml')).toThrow(`f.xml:${message}`);
  });

  it('good references are decoded, and "&" in a comment, CDATA section or processing instruction is left alone', () => {
    const [a] = parseXml('<a n="&lt;&#65;&#x42;"><!-- & --><b>&amp;&quot;<![CDATA[&x]]><?pi &?></b></a>', 'f.xml');
    expect(a!.attrs['n']).toBe('<AB');
    expect(a!.children[0]!.text).toBe('&"&x');
  });
});

// XML's AttValue holds no "<" (Hadoop's parser refuses one); fast-xml-parser's validator let it pass, and a "<!--" or
// "<?" there made the reference scan skip to a later "-->" or "?>", placing a bad reference at its element's "<".
describe('a "<" in an attribute value: refused at it', () => {
  it.each([
    ['a "<" alone', '<a>\n  <b name="x<y"/>\n</a>', '2:13'],
    ['a comment\'s opening', '<a>\n  <pool name="a<!--b"><minMaps>&q;</minMaps></pool>\n<!-- --></a>', '2:16'],
    ['a processing instruction\'s opening, single quotes', "<a>\n<pool n='p?>' x='<?'><m>&q;</m></pool>\n</a>", '2:18'],
  ])('%s', (_, xml, place) => {
    expect(() => parseXml(xml, 'f.xml')).toThrow(`f.xml:${place}: malformed XML: a "<" in an attribute's value (write &lt;): Hadoop's XML parser refuses the file`);
  });

  it('"&lt;" and ">" in a value pass', () => {
    const [a] = parseXml('<a n="1 &lt; 2 > 0"/>', 'f.xml');
    expect(a!.attrs['n']).toBe('1 < 2 > 0');
  });
});
