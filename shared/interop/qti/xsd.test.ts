/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { generateTest } from '../testing/generate';
import { exportQti3 } from './package';

/**
 * Our QTI 3.0 packages against 1EdTech's ASI XSD with xmllint. The XSD is "All Rights Reserved"
 * (not ours to vendor): put imsqti_asiv3p0_v1p0.xsd (or the SBAC profile,
 * imsqti_asiv3p0_sbacv1p0_v1p0.xsd) and w3/xml.xsd, w3/XInclude.xsd beside it as the XSD expects, in
 * tests/fixtures/interop/xsd/ or QTI3_XSD_DIR. MathML and SSML get stand-in schemas that take any
 * content: the maths is KaTeX's MathML, checked by KaTeX; the structure is what is validated here.
 */
const DIR = process.env.QTI3_XSD_DIR ?? path.join(__dirname, '../../../tests/fixtures/interop/xsd');
const XSD = ['qtiv3p0/imsqti_asiv3p0_v1p0.xsd', 'qtiv3p0/imsqti_asiv3p0_sbacv1p0_v1p0.xsd'].map((f) => path.join(DIR, f)).find((f) => fs.existsSync(f));
const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const ANY = (name: string) => `<xs:element name="${name}"><xs:complexType mixed="true"><xs:sequence><xs:any minOccurs="0" maxOccurs="unbounded" processContents="skip"/></xs:sequence><xs:anyAttribute processContents="skip"/></xs:complexType></xs:element>`;
const stub = (ns: string, names: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${ns}" elementFormDefault="qualified">${names.map(ANY).join('')}</xs:schema>\n`;

function schemaDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qti3-xsd-'));
  fs.cpSync(DIR, dir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'w3/mathml3'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'w3/ssml11'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'w3/mathml3/mathml3.xsd'), stub('http://www.w3.org/1998/Math/MathML', ['math']));
  fs.writeFileSync(path.join(dir, 'w3/ssml11/ssmlv1p1-core.xsd'), stub('http://www.w3.org/2001/10/synthesis', 'audio break emphasis mark p phoneme prosody s say-as speak sub voice'.split(' ')));
  return dir;
}

const maybe = XSD && hasXmllint ? test : test.skip;
if (!XSD || !hasXmllint) console.warn(`QTI 3 XSD validation skipped: ${!hasXmllint ? 'xmllint is not installed (apt-get install libxml2-utils)' : `no ASI XSD in ${DIR}`}`);

maybe('every item, stimulus and test of exported packages validates against the QTI 3.0 ASI XSD', () => {
  const schemas = schemaDir();
  const xsd = path.join(schemas, path.relative(DIR, XSD!));
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'qti3-package-'));
  const files: string[] = [];
  for (const seed of [3, 11, 29, 47, 53]) {
    const zip = unzipSync(exportQti3(generateTest(seed)).data);
    for (const [name, bytes] of Object.entries(zip)) {
      if (!name.endsWith('.xml') || name === 'imsmanifest.xml') continue;
      const file = path.join(out, String(seed), name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bytes);
      files.push(file);
    }
  }
  expect(files.length).toBeGreaterThan(30);
  const result = (() => {
    try {
      return execFileSync('xmllint', ['--noout', '--schema', xsd, ...files], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      return String((error as { stderr?: string }).stderr);
    }
  })();
  expect(result.split('\n').filter((line) => line.trim() && !line.endsWith(' validates'))).toEqual([]);
});
