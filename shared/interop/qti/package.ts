import { strToU8, zipSync } from 'fflate';
import { labelledQuestions, type ExportResult, type InteropSection, type ParsedChildQuestion } from '../model';
import { PictureFiles } from '../pictures';
import { Losses } from '../problems';
import { xmlEscape } from '../xml';
import { itemXml, QTI3_NS, stimulusXml, type ItemContext } from './export';
import { lomXml } from './lom';

/**
 * A QTI 3.0 content package: imsmanifest.xml, a test (its sections as assessment sections), an
 * item per question, a stimulus per passage and the pictures, all in one zip.
 */
const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';

export function exportQti3(sections: InteropSection[], fileName = 'questions', title = 'Questions'): ExportResult {
  const losses = new Losses('qti3');
  const files: Record<string, Uint8Array> = {};
  const pictures = new PictureFiles('picture');
  const resources: string[] = [];
  const items = labelledQuestions(sections);
  const refs = new Map<unknown, string>();
  const pictureDeps = (xml: string) =>
    [...new Set([...xml.matchAll(/src="\.\.\/images\/([^"]+)"/g)].map((m) => m[1]))]
      .map((name) => `<dependency identifierref="${resourceId(name)}"/>`)
      .join('');
  const resourceId = (name: string) => `R-${name.replace(/[^\w-]/g, '_')}`;
  for (const { question, label, passage } of items) {
    const ctx: ItemContext = {
      label,
      losses,
      picture: (src) => {
        const name = pictures.add(src);
        return name && `../images/${name}`;
      },
    };
    const id = `Q${label.replace('.', '-')}`;
    if (question.type === 'comprehension') {
      const xml = stimulusXml(question, `S${label}`, ctx);
      files[`stimuli/S${label}.xml`] = strToU8(xml);
      resources.push(
        `<resource identifier="S${label}" type="imsqti_stimulus_xmlv3p0" href="stimuli/S${label}.xml"><file href="stimuli/S${label}.xml"/>${pictureDeps(xml)}</resource>`,
      );
      refs.set(question, `S${label}`);
      continue;
    }
    const stimulus = passage ? { id: refs.get(passage)!, href: `../stimuli/${refs.get(passage)}.xml` } : null;
    const xml = itemXml(question as ParsedChildQuestion, id, stimulus, ctx);
    files[`items/${id}.xml`] = strToU8(xml);
    // Difficulty and tags ride in the manifest (./lom.ts): QTI's item has no place of its own for them.
    resources.push(
      `<resource identifier="${id}" type="imsqti_item_xmlv3p0" href="items/${id}.xml">${lomXml(question as ParsedChildQuestion)}<file href="items/${id}.xml"/>${pictureDeps(xml)}${stimulus ? `<dependency identifierref="${stimulus.id}"/>` : ''}</resource>`,
    );
    refs.set(question, id);
  }
  for (const { name, file } of pictures.files.values()) {
    files[`images/${name}`] = file.bytes;
    resources.push(`<resource identifier="${resourceId(name)}" type="webcontent" href="images/${name}"><file href="images/${name}"/></resource>`);
  }
  // Sections: an unnamed one (questions before any section in a Word file) is an invisible section.
  const testSections = sections
    .map((s, i) => {
      const itemRefs = s.questions
        .flatMap((q) => (q.type === 'comprehension' ? q.questions : [q]))
        .map((q) => `<qti-assessment-item-ref identifier="${refs.get(q)}" href="../items/${refs.get(q)}.xml"/>`);
      return `<qti-assessment-section identifier="SECTION_${i + 1}" title="${xmlEscape(s.name ?? `Section ${i + 1}`)}" visible="${s.name ? 'true' : 'false'}">${itemRefs.join('')}</qti-assessment-section>`;
    })
    .join('');
  files['tests/test.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?>\n<qti-assessment-test xmlns="${QTI3_NS}" identifier="TEST" title="${xmlEscape(title)}"><qti-test-part identifier="PART_1" navigation-mode="nonlinear" submission-mode="simultaneous">${testSections}</qti-test-part></qti-assessment-test>\n`,
  );
  const itemDeps = [...refs.values()]
    .filter((id) => id.startsWith('Q'))
    .map((id) => `<dependency identifierref="${id}"/>`)
    .join('');
  resources.unshift(`<resource identifier="TEST" type="imsqti_test_xmlv3p0" href="tests/test.xml"><file href="tests/test.xml"/>${itemDeps}</resource>`);
  files['imsmanifest.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?>\n<manifest xmlns="${CP_NS}" identifier="MANIFEST-1"><metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata><organizations/><resources>${resources.join('')}</resources></manifest>\n`,
  );
  return { format: 'qti3', fileName: `${fileName}.qti.zip`, mimeType: 'application/zip', data: zipSync(files, { level: 6 }), losses: losses.list() };
}
