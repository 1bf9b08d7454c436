import { strToU8, zipSync } from 'fflate';
import { parseDocx } from '../parseDocx';
import { htmlControl } from './formControls';

// A quiz saved from a web page: each option a radio button (an ActiveX HTML control) and its text.
const HTML_OPTION = '{5512D118-5CC6-11CF-8D67-00AA00BDCE1D}';
const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:v="urn:schemas-microsoft-com:vml"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A control's persisted stream: 16 bytes of class id, then its HTML tag in UTF-16LE. */
const stream = (tag: string) => new Uint8Array([...new Uint8Array(16).fill(0x18), ...Buffer.from(tag, 'utf16le')]);

/** A paper of questions whose options are controls: `[question, [tag, text][]]`. */
function webQuiz(questions: [string, [string, string][]][]): Uint8Array {
  const files: Record<string, Uint8Array> = { '[Content_Types].xml': strToU8('<Types/>') };
  const rels: string[] = [];
  let body = '';
  let n = 0;
  for (const [question, options] of questions) {
    body += `<w:p><w:r><w:t>${question}</w:t></w:r></w:p>`;
    for (const [tag, text] of options) {
      n += 1;
      rels.push(
        `<Relationship Id="rIdC${n}" Type="${REL}/control" Target="activeX/activeX${n}.xml"/>`,
        `<Relationship Id="rIdP${n}" Type="${REL}/image" Target="media/image${n}.wmf"/>`,
      );
      files[`word/activeX/activeX${n}.xml`] = strToU8(
        `<ax:ocx ax:classid="${HTML_OPTION}" ax:persistence="persistStream" r:id="rId1" xmlns:ax="http://schemas.microsoft.com/office/2006/activeX" xmlns:r="${REL}"/>`,
      );
      files[`word/activeX/_rels/activeX${n}.xml.rels`] = strToU8(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2006/relationships/activeXControlBinary" Target="activeX${n}.bin"/></Relationships>`,
      );
      files[`word/activeX/activeX${n}.bin`] = stream(tag);
      body +=
        `<w:p><w:r><w:t xml:space="preserve">   </w:t></w:r><w:r><w:object><v:shape id="s${n}" style="width:20pt;height:18pt"><v:imagedata r:id="rIdP${n}"/></v:shape>` +
        `<w:control r:id="rIdC${n}" w:name="DefaultOcxName${n}" w:shapeid="s${n}"/></w:object></w:r><w:r><w:t xml:space="preserve"> ${text}</w:t></w:r></w:p>`;
    }
  }
  files['word/document.xml'] = strToU8(`<w:document ${NS}><w:body>${body}</w:body></w:document>`);
  files['word/_rels/document.xml.rels'] = strToU8(
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  );
  return zipSync(files);
}

describe('form controls of a web page saved into Word', () => {
  it('an HTML control says what it is and whether it was checked, in its tag', () => {
    expect(htmlControl(stream('<INPUT TYPE="radio" CHECKED NAME="q" VALUE="3">'))).toEqual({ kind: 'radio', checked: true });
    expect(htmlControl(stream('<INPUT TYPE=checkbox NAME="q">'))).toEqual({ kind: 'checkbox', checked: false });
    expect(htmlControl(stream('<INPUT NAME="answer">'))).toEqual({ kind: 'text' });
    // A button, a select, or data that is no HTML tag: not read.
    expect(htmlControl(stream('<INPUT TYPE="submit" VALUE="Send">'))).toBeNull();
    expect(htmlControl(stream('<SELECT NAME="q">'))).toBeNull();
    expect(htmlControl(new Uint8Array(10))).toBeNull();
  });

  it('radio buttons are the options, the checked one the answer; their pictures are no pictures of the question', () => {
    const radio = (checked: boolean) => `<INPUT TYPE="radio"${checked ? ' CHECKED' : ''} NAME="question_answer" VALUE="88">`;
    const parsed = parseDocx(
      webQuiz([
        [
          '1. Which keyword defines a function in Python?',
          [
            [radio(false), 'func'],
            [radio(true), 'def'],
            [radio(false), 'lambda'],
          ],
        ],
        [
          '2. Which symbol starts a comment?',
          [
            [radio(false), '//'],
            [radio(false), '#'],
            [radio(true), '--'],
          ],
        ],
      ]),
    );
    const questions = parsed.sections.flatMap((s) => s.questions).map((q) => ('options' in q && q.type === 'multiple_choice' ? q.options : []));
    expect(questions).toHaveLength(2);
    expect(questions.map((options) => options.map((o) => o.name.replace(/<[^>]+>/g, '').trim()))).toEqual([
      ['func', 'def', 'lambda'],
      ['//', '#', '--'],
    ]);
    expect(questions.map((options) => options.findIndex((o) => o.isCorrect))).toEqual([1, 2]);
    expect(parsed.problems.filter((p) => p.code === 'pictureFormat')).toEqual([]);
  });
});
