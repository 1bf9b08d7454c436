import { DOMParser } from '@xmldom/xmldom';
import { unzipSync, strFromU8 } from 'fflate';
import fs from 'node:fs';
import path from 'node:path';
import { readXml, XmlError, type XmlElement } from './xml';

/** A tree as [localName, attributes, children | text], to compare two DOMs. */
type Shape = string | [string, string[], Shape[]];
function shapeOf(el: Element | XmlElement): Shape {
  const attrs = Array.from({ length: el.attributes.length }, (_, i) => `${el.attributes[i].localName}=${el.attributes[i].value}`).sort();
  const children: Shape[] = [];
  for (let node = el.firstChild as unknown as (Element & XmlElement) | null; node; node = node.nextSibling as unknown as (Element & XmlElement) | null) {
    if (node.nodeType === 1) children.push(shapeOf(node));
    else if (node.nodeType === 3 || node.nodeType === 4) children.push(node.textContent ?? '');
  }
  return [el.localName ?? '', attrs, children];
}

describe('readXml', () => {
  it('elements, namespaced names, attributes, text with entities and CDATA', () => {
    const root = readXml(
      '<?xml version="1.0"?><!-- c --><w:doc xmlns:w="u" w:a="1 &amp; 2"><w:t xml:space="preserve"> a &lt;b&gt; &#233;&#x1F600;</w:t><w:br/><x><![CDATA[<raw>]]></x></w:doc>',
    );
    expect(root.localName).toBe('doc');
    expect(root.attributes.map((a) => [a.localName, a.value])).toEqual([
      ['w', 'u'],
      ['a', '1 & 2'],
    ]);
    expect(root.textContent).toBe(' a <b> é😀<raw>');
    expect(root.getElementsByTagNameNS('*', 'br')).toHaveLength(1);
  });

  it.each([
    ['<a><b></a>', 'tags closing out of order'],
    ['<a>', 'an element never closed'],
    ['<a/><b/>', 'two roots'],
    ['<a>x & y</a>', 'a stray &'],
    ['<a>&nbsp;</a>', 'an entity XML does not define'],
    ['<a><</a>', 'a stray <'],
    ['text<a/>', 'text outside the root'],
    ['', 'nothing at all'],
  ])('refuses %s (%s)', (xml) => {
    expect(() => readXml(xml)).toThrow(XmlError);
  });

  it('reads every part of a real .docx exactly as @xmldom/xmldom does', () => {
    const sample = unzipSync(new Uint8Array(fs.readFileSync(path.join(__dirname, '../../../portal/public/samples/testforge-word-sample.docx'))));
    const parts = Object.keys(sample).filter((name) => name.endsWith('.xml') || name.endsWith('.rels'));
    expect(parts.length).toBeGreaterThanOrEqual(5);
    for (const name of parts) {
      const text = strFromU8(sample[name]);
      const reference = new DOMParser().parseFromString(text, 'text/xml').documentElement as unknown as Element;
      expect([name, shapeOf(readXml(text))]).toEqual([name, shapeOf(reference)]);
    }
  });
});
