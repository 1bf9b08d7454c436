/**
 * The package's properties and custom XML: where Word keeps the title, author, company, the last
 * person to save, keywords and data bound to content controls. None of it is structure the parser
 * reads, so it is blanked rather than mapped: an empty element is as valid as a filled one.
 */

/**
 * docProps/core.xml: every value blanked (title, subject, creator, keywords, lastModifiedBy...),
 * whatever its prefix (WPS writes `<lastModifiedBy>` in the default namespace); the dates
 * (dcterms:) and the revision stay.
 */
export function blankCore(xml: string): string {
  return xml.replace(
    /(<((?:(\w+):)?(\w+))\b[^>]*>)([^<]*)(<\/\2>)/g,
    (whole, open: string, _name, prefix: string | undefined, local: string, value: string, close: string) =>
      local === 'revision' || prefix === 'dcterms' || local === 'coreProperties' || value === '' ? whole : open + close,
  );
}

/** Elements of docProps/app.xml that name people, places or the document. */
const APP_ELEMENTS = ['Company', 'Manager', 'HyperlinkBase', 'Template'];

/** docProps/app.xml: company, manager, template and the titles of parts blanked; counts and the application stay. */
export function blankApp(xml: string): string {
  let out = xml;
  for (const name of APP_ELEMENTS) out = out.replace(new RegExp(`(<${name}\\b[^>/]*>)[^<]*(</${name}>)`, 'g'), '$1$2');
  return out.replace(/<TitlesOfParts\b[\s\S]*?<\/TitlesOfParts>/g, (titles) => titles.replace(/(<vt:lpstr>)[^<]*(<\/vt:lpstr>)/g, '$1$2'));
}

/** docProps/custom.xml: every property's value blanked (its name and type stay). */
export function blankCustom(xml: string): string {
  return xml.replace(/(<vt:(lpwstr|lpstr|bstr)>)[^<]*(<\/vt:\2>)/g, '$1$3');
}

/** customXml/item*.xml: the text of every element blanked, the elements kept (content controls bound to them still find them). */
export function blankCustomXml(xml: string): string {
  return xml.replace(/>([^<]*)</g, (whole, text: string) => (text.trim() ? '><' : whole));
}
