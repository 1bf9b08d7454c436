import { mapImages } from '../html';
import { dataUrl, fromBase64, PictureFiles, toBase64, typeOfName } from '../pictures';
import { child, elements, xmlEscape, type XmlElement } from '../xml';

/**
 * Moodle XML's pictures: a text refers to `@@PLUGINFILE@@/name.png`, and the file travels beside
 * it as `<file name="name.png" encoding="base64">`. In, they become data: URLs; out, our data:
 * URLs become files again.
 */
const PLUGINFILE = '@@PLUGINFILE@@/';

/** The text of a Moodle text element (questiontext, answer...) with its files as data: URLs, and the names it refers to that it does not carry. */
export function textWithFiles(holder: XmlElement | null): { html: string; missing: string[] } {
  const text = child(holder, 'text')?.textContent ?? '';
  const files = new Map<string, string>();
  for (const file of elements(holder, 'file')) {
    const name = file.attributes.find((a) => a.localName === 'name')?.value ?? '';
    if ((file.attributes.find((a) => a.localName === 'encoding')?.value ?? 'base64') === 'base64')
      files.set(name, dataUrl(typeOfName(name), fromBase64(file.textContent)));
  }
  const missing: string[] = [];
  const html = mapImages(text, (src) => {
    if (!src.startsWith(PLUGINFILE)) return src;
    const name = decodeURIComponent(src.slice(PLUGINFILE.length).split('?')[0]);
    const url = files.get(name) ?? files.get(name.split('/').pop()!);
    if (url) return url;
    missing.push(name);
    return null;
  });
  return { html, missing };
}

const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** A Moodle text element of our HTML, its data: pictures as files. */
export function moodleText(tag: string, html: string, attributes = ''): string {
  const pictures = new PictureFiles('picture');
  const text = mapImages(html, (src) => {
    const name = pictures.add(src);
    return name ? `${PLUGINFILE}${name}` : src;
  });
  const files = [...pictures.files.values()]
    .map(({ name, file }) => `<file name="${xmlEscape(name)}" path="/" encoding="base64">${toBase64(file.bytes)}</file>`)
    .join('');
  return `<${tag} format="html"${attributes}><text>${cdata(text)}</text>${files}</${tag}>`;
}
