/**
 * @jest-environment node
 */
import { strFromU8, unzipSync } from 'fflate';
import type { InteropSection } from '../model';
import { asBlocks } from './export';
import { importQtiPackage } from './import';
import { exportQti3 } from './package';

/** QTI 3 features the round trip does not show on its own: where difficulty and tags go, and what a body may hold. */

const tagged: InteropSection[] = [
  {
    name: 'Địa lý',
    questions: [
      {
        type: 'true_false',
        name: '<p>Sông Mê Kông chảy qua Việt Nam.</p>',
        solution: '',
        options: [
          { name: 'True', isCorrect: true },
          { name: 'False', isCorrect: false },
        ],
        difficultyLevel: 'hard',
        tags: ['sông', '강'],
      },
      { type: 'integer', name: '<p>2 + 2?</p>', solution: '4', difficultyLevel: 'easy' },
    ],
  },
];

test("difficulty and tags ride in the manifest as LOM of the item's resource, and come back", () => {
  const out = exportQti3(tagged);
  expect(out.losses).toEqual([]);
  const manifest = strFromU8(unzipSync(out.data)['imsmanifest.xml']);
  expect(manifest).toContain(
    '<resource identifier="Q1" type="imsqti_item_xmlv3p0" href="items/Q1.xml"><metadata><lom xmlns="http://ltsc.ieee.org/xsd/LOM"><general><keyword><string>sông</string></keyword><keyword><string>강</string></keyword></general><educational><difficulty><source>LOMv1.0</source><value>difficult</value></difficulty></educational></lom></metadata><file',
  );
  const back = importQtiPackage(out.data, 'qti3');
  expect(back.sections[0].questions.map((q) => [q.difficultyLevel, q.tags])).toEqual([
    ['hard', ['sông', '강']],
    ['easy', undefined],
  ]);
});

test('a body holds blocks only: text and inline elements at its top go into paragraphs, blocks and what is inside them stay', () => {
  expect(asBlocks('Plain <b>bold</b> text')).toBe('<p>Plain <b>bold</b> text</p>');
  expect(asBlocks('<p>One</p> and <i>two</i><div>three <b>x</b></div>tail')).toBe('<p>One</p><p> and <i>two</i></p><div>three <b>x</b></div><p>tail</p>');
  expect(
    asBlocks(
      'Blank: <qti-text-entry-interaction response-identifier="R"/> here<qti-choice-interaction response-identifier="R"><qti-simple-choice identifier="A">a</qti-simple-choice></qti-choice-interaction>',
    ),
  ).toBe(
    '<p>Blank: <qti-text-entry-interaction response-identifier="R"/> here</p><qti-choice-interaction response-identifier="R"><qti-simple-choice identifier="A">a</qti-simple-choice></qti-choice-interaction>',
  );
  expect(asBlocks('  ')).toBe('  ');
});
