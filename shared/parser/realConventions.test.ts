import { QUESTION_TABLES, omml, type Para } from '@tests/support/docx';
import { png } from '@tests/support/pictures';
import { correctFlags as correct, parseBlocks as parse, questionsOf } from '@tests/support/parsedDocx';
import type { ParsedDocument, ParsedQuestion } from './types';

/**
 * Issue 28: what real teachers' papers do that our look-alikes never did. Each test is one
 * convention seen in real papers (PDF-conversion leftovers, answer marks in many spellings,
 * numbering without punctuation, labels in colour…), written with our own words; the parser must
 * infer it from the document, not from a rule that knows this exact text.
 */
const names = (q: ParsedQuestion) => ('options' in q ? q.options.map((o) => o.name.replace(/<\/?p>/g, '')) : []);
const stems = (doc: ParsedDocument) => questionsOf(doc).map((q) => q.name.replace(/<\/?p>/g, ''));

describe('conversion leftovers (papers that went PDF → Word)', () => {
  it("the next question's heading glued to the end of the previous option", () => {
    const doc = parse([
      'Question 1: Which keyword declares a constant?',
      'A. var',
      'B. let',
      'C. const',
      'D. char Question 2: Which type holds true or false?',
      'A. int',
      'B. bool',
      'C. float',
      'D. string',
      'Question 3: Which symbol ends a statement?',
      'A. ;',
      'B. :',
      'C. .',
      'D. ,',
      'Answer key: 1-C 2-B 3-A',
    ]);
    expect(stems(doc)).toEqual(['Which keyword declares a constant?', 'Which type holds true or false?', 'Which symbol ends a statement?']);
    expect(names(questionsOf(doc)[0])).toEqual(['var', 'let', 'const', 'char']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, false, true, false],
      [false, true, false, false],
      [true, false, false, false],
    ]);
  });

  it("the next question's heading alone at the end of the previous option, its text on the next line", () => {
    const doc = parse([
      'Question 1:',
      'Which keyword declares a constant?',
      'A. var',
      'B. const Question 2:',
      'Which type holds true or false?',
      'A. int',
      'B. bool',
    ]);
    expect(stems(doc)).toEqual(['Which keyword declares a constant?', 'Which type holds true or false?']);
    expect(questionsOf(doc).map(names)).toEqual([
      ['var', 'const'],
      ['int', 'bool'],
    ]);
  });

  it('option A typed at the end of the stem, B–D a Word list that starts at B', () => {
    const list = { id: 3, levels: [{ format: 'upperLetter' as const, text: '%1.', start: 2 }] };
    const doc = parse(
      [
        '1. Which planet is closest to the Sun? A. Mercury',
        { runs: ['Venus'], list: { id: 3 } },
        { runs: ['Earth'], list: { id: 3 } },
        { runs: ['Mars'], list: { id: 3 } },
        'Answer: A',
      ],
      { lists: [list] },
    );
    const [q] = questionsOf(doc);
    expect(q.name).toBe('<p>Which planet is closest to the Sun?</p>');
    expect(names(q)).toEqual(['Mercury', 'Venus', 'Earth', 'Mars']);
    expect(correct(q)).toEqual([true, false, false, false]);
  });

  it('an option wrapped onto a second paragraph', () => {
    const doc = parse([
      '1. Which sentence is correct?',
      'A. She go to school every day because',
      'she likes it.',
      'B. She goes to school every day.',
      'C. She going to school.',
      'D. She gone to school.',
      'Answer: B',
    ]);
    const [q] = questionsOf(doc);
    expect(names(q)[0]).toBe('She go to school every day because</p><p>she likes it.'.replace(/<\/?p>/g, ''));
    expect(correct(q)).toEqual([false, true, false, false]);
  });
});

describe('answer marks in many spellings', () => {
  it.each([
    ['Respuesta: B', 'es'],
    ['Réponse : B', 'fr'],
    ['Jawaban: B', 'id'],
    ['Ответ: B', 'ru'],
    ['参考答案：B', 'zh'],
  ])('"%s" (%s) is an answer line', (line) => {
    const doc = parse(['1. Which is even?', 'A. 3', 'B. 4', 'C. 5', line]);
    expect(correct(questionsOf(doc)[0])).toEqual([false, true, false]);
  });

  it('a * glued to the option, as docs/word-format.md promises, once per question across the paper', () => {
    const doc = parse(['1. Pick the noun.', 'a. run', 'b. table*', 'c. blue', '2. Pick the verb.', 'a. jump*', 'b. chair', 'c. green']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [true, false, false],
    ]);
    expect(names(questionsOf(doc)[0])).toEqual(['run', 'table', 'blue']);
  });

  it('"✅ Answer: C" after a line break', () => {
    const doc = parse([
      '1. Which is a mammal?\nA. Shark\nB. Trout\nC. Whale\nD. Eel\n✅ Answer: C',
      '2. Which is a bird?\nA. Bat\nB. Owl\nC. Frog\nD. Crab\n✅ Answer: B',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, false, true, false],
      [false, true, false, false],
    ]);
  });

  it('"Solution: B" followed by the explanation', () => {
    const doc = parse(['1. What is 2 + 3?', 'A. 4', 'B. 5', 'C. 6', 'D. 7', 'Solution: B', 'Two plus three is five.']);
    const [q] = questionsOf(doc);
    expect(correct(q)).toEqual([false, true, false, false]);
    expect(q.solution).toContain('Two plus three is five.');
  });

  it('"--정답 2": a digit for ③ after dashes', () => {
    const doc = parse(['1. 다음 중 가장 큰 수는?', '① 3  ② 9  ③ 5  ④ 1', '--정답 2']);
    expect(correct(questionsOf(doc)[0])).toEqual([false, true, false, false]);
  });

  it('the correct option coloured while every label has a colour of its own', () => {
    const option = (label: string, text: string, right = false): Para => ({
      runs: [{ text: `${label}. `, color: '2E74B5', bold: true }, right ? { text, color: 'FF0000' } : text],
    });
    const doc = parse(['1. Which is a prime?', option('A', '4'), option('B', '6'), option('C', '7', true), option('D', '9')]);
    expect(correct(questionsOf(doc)[0])).toEqual([false, false, true, false]);
  });

  it('several marked options on a "choose all that apply" question are several correct answers', () => {
    const doc = parse(['1. Which are even? (Choose all that apply.)', 'A. 2*', 'B. 3', 'C. 4*', 'D. 5']);
    const [q] = questionsOf(doc);
    expect(correct(q)).toEqual([true, false, true, false]);
  });

  it('in a paper that marks every answer by a highlight, two highlighted options are two correct answers', () => {
    const lit = (text: string) => ({ runs: [{ text, highlight: 'yellow' }] });
    const doc = parse([
      '1. Which is a planet?',
      'a) Moon',
      lit('b) Mars'),
      'c) Sun',
      '2. Which is a metal?',
      lit('a) Iron'),
      'b) Wood',
      'c) Glass',
      '3. Which is a gas?',
      'a) Ice',
      'b) Stone',
      lit('c) Steam'),
      '4. Which are mammals?',
      lit('a) Whale'),
      lit('b) Bat'),
      'c) Shark',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [true, false, false],
      [false, false, true],
      [true, true, false],
    ]);
  });
});

describe('numbering', () => {
  it('numbers without punctuation ("1    What is…")', () => {
    const doc = parse([
      '1    What is the capital of France?',
      'A. Rome',
      'B. Paris',
      '2\tWhat is the capital of Spain?',
      'A. Madrid',
      'B. Lisbon',
      'Answers: 1. B 2. A',
    ]);
    expect(stems(doc)).toEqual(['What is the capital of France?', 'What is the capital of Spain?']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('question numbers as code comments ("//QZ1.11)")', () => {
    const doc = parse([
      '//QZ1.11) Which loop runs at least once?',
      'a) for',
      'b) do-while',
      'c) while',
      '//QZ1.12) Which keyword leaves a loop?',
      'a) break',
      'b) exit',
      'c) stop',
      'Answers: 11 b, 12 a',
    ]);
    expect(stems(doc)).toEqual(['Which loop runs at least once?', 'Which keyword leaves a loop?']);
  });

  it('odd numbers ("3..", "12Which") keep their questions', () => {
    const doc = parse(['11. Which is red?', 'A. Sky', 'B. Blood', '12Which is green?', 'A. Grass', 'B. Snow', '13.. Which is white?', 'A. Snow', 'B. Coal']);
    expect(stems(doc)).toEqual(['Which is red?', 'Which is green?', 'Which is white?']);
  });

  it('options as a Word numbered list (1) 2) 3)) under typed question numbers', () => {
    const lists = [
      { id: 1, levels: [{ format: 'decimal' as const, text: '%1)' }] },
      { id: 2, levels: [{ format: 'decimal' as const, text: '%1)' }] },
    ];
    const doc = parse(
      [
        'Question 1. Which metal is liquid at room temperature?',
        { runs: ['Iron'], list: { id: 1 } },
        { runs: ['Mercury'], list: { id: 1 } },
        { runs: ['Copper'], list: { id: 1 } },
        'Answer: 2',
        'Question 2. Which gas do we breathe out?',
        { runs: ['Oxygen'], list: { id: 2 } },
        { runs: ['Carbon dioxide'], list: { id: 2 } },
        { runs: ['Helium'], list: { id: 2 } },
        'Answer: 2',
      ],
      { lists },
    );
    expect(stems(doc)).toEqual(['Which metal is liquid at room temperature?', 'Which gas do we breathe out?']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [false, true, false],
    ]);
  });

  it('a numbered list inside one stem does not switch off unnumbered questions for the rest of the paper', () => {
    const doc = parse([
      'Which of these are fruits?',
      '1. apple 2. carrot',
      'A. 1 only',
      'B. 2 only',
      'Which animal barks?',
      'A. Cat',
      'B. Dog*',
      'Which animal moos?',
      'A. Cow*',
      'B. Hen',
    ]);
    expect(questionsOf(doc)).toHaveLength(3);
    expect(stems(doc)[2]).toBe('Which animal moos?');
  });

  it('a number between its neighbours counts alone ("10- …" between "9." and "11 ."); a name with a digit ("Afx1 runs…") numbers nothing', () => {
    const doc = parse([
      '9. Which planet is largest?',
      'A. Jupiter B. Mars',
      'Answer: A',
      '10- Your company runs a server named Afx1.',
      'Afx1 has low usage at night and high usage at noon.',
      'Which plan fits it?',
      'A. reserved B. spot',
      'Answer: B',
      '11 . Which gas is inert?',
      'A. neon B. oxygen',
      'Answer: A',
    ]);
    expect(stems(doc)).toEqual([
      'Which planet is largest?',
      'Your company runs a server named Afx1.Afx1 has low usage at night and high usage at noon.Which plan fits it?',
      'Which gas is inert?',
    ]);
  });

  it('"12; Which…" and "14 Which…" (one space, then a capital) number questions among rising numbers', () => {
    const doc = parse([
      ...['11. Which method hides an element?', 'A. hide()', 'B. show()', '12; Which method shows it?', 'A. hide()', 'B. show()'],
      ...[
        '13 Which method toggles it?',
        'A. toggle()',
        'B. show()',
        '14 Which one fades?',
        'A. fadeIn()',
        'B. show()',
        '15 Which one slides?',
        'A. slideUp()',
        'B. show()',
      ],
    ]);
    expect(stems(doc)).toEqual([
      'Which method hides an element?',
      'Which method shows it?',
      'Which method toggles it?',
      'Which one fades?',
      'Which one slides?',
    ]);
  });
});

describe('a question\'s number on a line of its own, its text a Word list item "1." every time (a quiz exported from a VLE)', () => {
  it('the list item is the text of the numbered question, not a question', () => {
    const list = { id: 1, levels: [{ format: 'decimal' as const, text: '%1.' }] };
    const instances = [2, 3].map((id) => ({ id, list: 1, startOverride: { start: 1 } }));
    const doc = parse(
      [
        { runs: [{ text: 'QUESTION 1', bold: true }] },
        { runs: ['Which tag makes a link?'], list: { id: 1 } },
        'A. <a>',
        'B. <p>',
        'Answer: A',
        { runs: [{ text: 'QUESTION 2', bold: true }] },
        { runs: ['Which tag makes a paragraph?'], list: { id: 2 } },
        'A. <a>',
        'B. <p>',
        'Answer: B',
      ],
      { lists: [list], listInstances: instances },
    );
    expect(stems(doc)).toEqual(['Which tag makes a link?', 'Which tag makes a paragraph?']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});

describe('option labels', () => {
  it('a capital with no stop ("A jQuery est…") when the letters run A, B, C…, and the answer letter after the stem\'s "?"', () => {
    const option = (label: string, text: string): Para => ({ runs: [{ text: label, bold: true, color: 'FFFFFF', shading: 'F47575' }, ` ${text}`] });
    const doc = parse([
      { runs: ['1. Which one is a library? ', { text: 'A', color: 'FF0000' }] },
      option('A', 'jQuery'),
      option('B', 'JSON'),
      option('C', 'HTTP'),
      { runs: ['2. Is it a W3C standard? ', { text: 'B', color: 'FF0000' }] },
      option('A', 'Yes'),
      option('B', 'No'),
    ]);
    expect(questionsOf(doc).map(names)).toEqual([
      ['jQuery', 'JSON', 'HTTP'],
      ['Yes', 'No'],
    ]);
    expect(stems(doc)).toEqual(['Which one is a library?', 'Is it a W3C standard?']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [false, true],
    ]);
  });

  it('the key in a colour of its own at the end of each question\'s line: a letter over unlabelled options, a fill-in\'s answer, "Faux"', () => {
    const key = (text: string) => ({ text, color: '92D050', bold: true });
    const doc = parse([
      { runs: ['1- Which method prints to the console ? ', key('C')] },
      'alert()',
      'prompt()',
      'console.log()',
      'document.write()',
      '',
      '2',
      { runs: ['Which operator compares value and type ?  ', key('B')] },
      '==',
      '===',
      '=',
      { runs: ['3- What does typeof x give for a text ? ', key('STRING')] },
      { runs: ['4 - A const can be reassigned? ', key('FAUX')] },
      'Vrai',
      'Faux',
      { runs: ['5- Which keyword declares a block-scoped variable ? ', key('A')] },
      'let',
      'var',
      { runs: ['6-Which value is falsy ? ', key('B')] },
      '"0"',
      '0',
    ]);
    expect(stems(doc)).toEqual([
      'Which method prints to the console ?',
      'Which operator compares value and type ?',
      'What does typeof x give for a text ?',
      'A const can be reassigned?',
      'Which keyword declares a block-scoped variable ?',
      'Which value is falsy ?',
    ]);
    const [prints, compares, typeOf, reassigned] = questionsOf(doc);
    expect(names(prints)).toEqual(['alert()', 'prompt()', 'console.log()', 'document.write()']);
    expect(correct(prints)).toEqual([false, false, true, false]);
    expect(correct(compares)).toEqual([false, true, false]);
    expect(typeOf).toMatchObject({ type: 'fill_ups' });
    expect(JSON.stringify(typeOf)).toContain('STRING');
    expect(reassigned).toMatchObject({ type: 'true_false' });
    expect(correct(reassigned)).toEqual([false, true]);
  });

  it('words in the colour that marks right options, in a question with no options: its answer, a blank in its text', () => {
    const green = (text: string) => ({ text, color: '9BBB59' });
    const doc = parse([
      '1. Which tool tracks issues?',
      { runs: ['A. ', { text: 'Maven', color: '444444' }] },
      { runs: ['B. ', green('Jira')] },
      { runs: ['C. ', { text: 'Git', color: '444444' }] },
      '2. Which file configures Maven?',
      { runs: ['A. ', green('pom.xml')] },
      { runs: ['B. ', { text: 'build.gradle', color: '444444' }] },
      { runs: ['C. ', { text: 'package.json', color: '444444' }] },
      { runs: ['3. An issue is moved between columns on a ', green('board'), ' in Jira.'] },
      { runs: ['4. ', green('Epics'), ' group many stories.'] },
    ]);
    expect(stems(doc).slice(2)).toEqual(['An issue is moved between columns on a ____ in Jira.', '____ group many stories.']);
    const [, , board, epics] = questionsOf(doc);
    expect(board).toMatchObject({ type: 'fill_ups' });
    expect(JSON.stringify(board)).toContain('"board"');
    expect(JSON.stringify(epics)).toContain('"Epics"');
  });

  it('a highlight that marks right options (in Word lettered lists) marks a short answer too; written at the end of the question, it leaves no blank', () => {
    const letters = { id: 14, levels: [{ format: 'lowerLetter' as const, text: '%1.' }] };
    const option = (text: string, highlight?: string) => ({ runs: [highlight ? { text, highlight } : text], list: { id: 14 } });
    const doc = parse(
      [
        '1. Which device joins networks?',
        option('Hub'),
        option('Router', 'yellow'),
        option('Repeater'),
        '2. Which layer routes packets?',
        option('Network', 'yellow'),
        option('Physical'),
        option('Session'),
        { runs: ['3. The device that joins two networks is called …. ', { text: 'Router', highlight: 'yellow' }] },
        { runs: ['4. ', { text: 'Switch', highlight: 'yellow' }, ' forwards frames by their MAC address.'] },
      ],
      { lists: [letters] },
    );
    const [, , called, forwards] = questionsOf(doc);
    expect(called).toMatchObject({ type: 'fill_ups' });
    expect(called.name.replace(/<[^>]+>/g, '')).toBe('The device that joins two networks is called ….');
    expect(JSON.stringify(called)).toContain('"Router"');
    // At the start, the words are a blank in the sentence, as a colour's are.
    expect(forwards.name.replace(/<[^>]+>/g, '')).toBe('____ forwards frames by their MAC address.');
  });

  it("a colour on every option is the text's, and marks no answer in a question without options", () => {
    const blue = (text: string) => ({ text, color: '2E74B5' });
    const doc = parse([
      '1. Which tool tracks issues?',
      { runs: ['A. ', blue('Maven')] },
      { runs: ['B. ', blue('Jira')] },
      { runs: ['C. ', blue('Git')] },
      '2. Which file configures Maven?',
      { runs: ['A. ', blue('pom.xml')] },
      { runs: ['B. ', blue('build.gradle')] },
      { runs: ['C. ', blue('package.json')] },
      { runs: ['3. An issue is moved between columns on a ', blue('board'), ' in Jira.'] },
      'Answer key: 1-B 2-A',
    ]);
    expect(doc.problems.find((p) => p.code === 'unknownType')?.params).toMatchObject({ question: '3' });
    expect(stems(doc)).not.toContain('An issue is moved between columns on a ____ in Jira.');
  });

  it("a coloured end that is the question's marks or its own words is no key", () => {
    const marks = (text: string) => ({ text, color: 'FF0000' });
    const doc = parse([
      { runs: ['1. Which is a fruit? ', marks('(2 marks)')] },
      'A. Apple',
      'B. Carrot',
      { runs: ['2. Which is a root? ', marks('(2 marks)')] },
      'A. Apple',
      'B. Carrot',
      { runs: ['3. Which is a leaf? ', marks('(2 marks)')] },
      'A. Kale',
      'B. Carrot',
      'Answer key: 1-A 2-B 3-A',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
  });

  it('option A written unlike its siblings ("A---x", "A  x") when B. is right under it', () => {
    const doc = parse([
      '1. Which flag names a branch?',
      'A---branch dev',
      'B. -b dev',
      'C. --name dev',
      'Answer: B',
      '2. Which command lists the log?',
      'A  git log',
      'B. git list',
      'Answer: A',
      "3. A  letter alone on a line is a question's text",
      'Then more text.',
      'A. yes',
      'B. no',
      'Answer: A',
    ]);
    expect(questionsOf(doc).map(names)).toEqual([
      ['--branch dev', '-b dev', '--name dev'],
      ['git log', 'git list'],
      ['yes', 'no'],
    ]);
    expect(questionsOf(doc).slice(0, 2).map(correct)).toEqual([
      [false, true, false],
      [true, false],
    ]);
  });

  it('an unlabelled option wrapped onto a line of its own (a full line stopping on a comma, then lower case) goes on with it', () => {
    const doc = parse([
      'What does float do in CSS?',
      'It moves an element out of the normal flow to the left or to the right,',
      'so that text wraps around it',
      'It centres an element',
      'It hides an element',
      '',
      'Which unit is relative to the font size?',
      'em',
      'px',
      'cm',
    ]);
    expect(names(questionsOf(doc)[0])).toEqual([
      'It moves an element out of the normal flow to the left or to the right, so that text wraps around it',
      'It centres an element',
      'It hides an element',
    ]);
    expect(names(questionsOf(doc)[1])).toEqual(['em', 'px', 'cm']);
  });

  it('"A - text"', () => {
    const doc = parse(['1. Which is a fruit?', 'A - Apple', 'B - Carrot', 'C - Potato', 'Answer: A']);
    expect(names(questionsOf(doc)[0])).toEqual(['Apple', 'Carrot', 'Potato']);
  });

  it('two roman options on one line ("i. Truth    ii. Evidence")', () => {
    const doc = parse(['1. What does a claim need?', 'i. Truth\tii. Evidence', 'iii. Luck\tiv. Volume', 'Answer: ii']);
    const [q] = questionsOf(doc);
    expect(names(q)).toEqual(['Truth', 'Evidence', 'Luck', 'Volume']);
    expect(correct(q)).toEqual([false, true, false, false]);
  });

  it('options with no label after a bold stem', () => {
    const doc = parse([
      { runs: [{ text: '1. Which ocean is the largest?', bold: true }] },
      'Atlantic',
      'Pacific*',
      'Indian',
      { runs: [{ text: '2. Which continent is the coldest?', bold: true }] },
      'Antarctica*',
      'Europe',
      'Africa',
    ]);
    expect(questionsOf(doc).map(names)).toEqual([
      ['Atlantic', 'Pacific', 'Indian'],
      ['Antarctica', 'Europe', 'Africa'],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [true, false, false],
    ]);
  });

  it('a label mistyped between its neighbours ("б)", "и)", "г)") is the option between them', () => {
    const doc = parse(['9. Этика изучает:', 'а) мораль;', 'б) право;', 'и) обычаи;', 'г) законы;', 'Ответ: а']);
    expect(names(questionsOf(doc)[0])).toEqual(['мораль;', 'право;', 'обычаи;', 'законы;']);
    expect(correct(questionsOf(doc)[0])).toEqual([true, false, false, false]);
  });

  it('unnumbered questions that ask ("…?") or introduce (": ") over a bulleted list: each list is its options, the red one correct', () => {
    const bullets = { id: 9, levels: [{ format: 'bullet' as const, text: '•' }] };
    const item = (text: string, color?: string) => ({ runs: [{ text, color }], list: { id: 9, level: 0 } });
    const doc = parse(
      [
        '¿Qué equipo protege la cabeza?',
        item('El casco', 'FF0000'),
        item('Los guantes'),
        item('Las botas'),
        'Señale la medida correcta ante un derrame:',
        item('Seguir trabajando'),
        item('Aislar la zona y avisar', 'FF0000'),
        item('Limpiar con agua'),
        '¿Qué señal indica peligro?',
        item('Verde'),
        item('Azul'),
        item('Amarilla', 'FF0000'),
      ],
      { lists: [bullets] },
    );
    expect(stems(doc)).toEqual(['¿Qué equipo protege la cabeza?', 'Señale la medida correcta ante un derrame:', '¿Qué señal indica peligro?']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
  });

  it('in a paper without numbers, options under a line that asks may be a long sentence each', () => {
    const doc = parse([
      'What is the difference between static and relative positioning?',
      'Static positioning is the default place of an element in the flow of the page, where top, right, bottom and left have no effect at all on where it is drawn',
      'Relative positioning keeps the element in the flow of the page, but moves it from its normal place by the offsets given, leaving a gap where it would have been',
      'There is no difference',
      '',
      'Which property makes a flex container?',
      'display set to flex',
      'position set to flex',
      'float set to flex',
    ]);
    expect(stems(doc)).toEqual(['What is the difference between static and relative positioning?', 'Which property makes a flex container?']);
    expect(names(questionsOf(doc)[0])).toHaveLength(3);
  });
});

describe('short answers', () => {
  it('the one line set apart under each question (indented) is its answer', () => {
    const doc = parse([
      'Câu 1: Giao thức STP dùng để tránh vòng lặp',
      '\tTrue',
      'Câu 2: Tầng nào kiểm soát lỗi?',
      '\tTầng liên kết dữ liệu',
      'Câu 3: Chuẩn 802.11g có tốc độ',
      '\t54 Mbps',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map((q) => q.type)).toEqual(['true_false', 'fill_ups', 'fill_ups']);
    expect(stems(doc)[1]).toBe('Tầng nào kiểm soát lỗi?');
    expect(qs[1].type === 'fill_ups' && qs[1].options[0].name).toBe('Tầng liên kết dữ liệu');
  });

  it("one indented line is no convention: it stays the question's text", () => {
    const doc = parse(['1. Name the capital of France.', '\t(one word)', '2. Which is a prime?', 'A. 4', 'B. 7', 'Answer: B']);
    // Not read as an answer "(one word)": the question stays without one, and says so.
    expect(stems(doc)).toEqual(['Which is a prime?']);
    expect(doc.problems.map((p) => p.code)).toContain('unknownType');
  });
});

describe('Vietnamese 2025 Part II with the true statements starred', () => {
  it('a part that asks "đúng hoặc sai" of statements a)–d): the starred ones are true, the others false', () => {
    const doc = parse([
      { runs: [{ text: 'PHẦN I. Trắc nghiệm nhiều phương án.', bold: true }] },
      'Câu 1. Chất nào là kim loại?',
      '*A. Sắt',
      'B. Lưu huỳnh',
      { runs: [{ text: 'PHẦN II. Trong mỗi ý a), b), c), d) ở mỗi câu, thí sinh chọn đúng hoặc sai.', bold: true }] },
      'Câu 1. Cho một khối khí lí tưởng.',
      '*a) Áp suất tăng khi nén đẳng nhiệt.',
      'b) Nhiệt độ không đổi khi đun nóng.',
      'c) Thể tích giảm khi làm lạnh đẳng áp.',
      '*d) Nội năng phụ thuộc nhiệt độ.',
    ]);
    const [first, group] = questionsOf(doc);
    expect(correct(first)).toEqual([true, false]);
    expect(group.type).toBe('comprehension');
    expect(group.type === 'comprehension' && group.questions.map(correct)).toEqual([
      [true, false],
      [false, true],
      [false, true],
      [true, false],
    ]);
  });

  it('outside such a part, several starred options are several answers', () => {
    const doc = parse(['Câu 1. Chọn các kim loại.', '*a) Sắt', 'b) Lưu huỳnh', '*c) Đồng', 'd) Oxi']);
    expect(correct(questionsOf(doc)[0])).toEqual([true, false, true, false]);
  });
});

describe('statements answered after a dash', () => {
  it('three lines or more "… - True" under a "Question 1" heading: each a question with its answer', () => {
    const doc = parse([
      'Question 1',
      'Glucose is a sugar - True',
      'Starch is a protein - False',
      'Mitosis makes two cells - True',
      'The product of photosynthesis is - Glucose',
    ]);
    expect(questionsOf(doc).map((q) => q.type)).toEqual(['true_false', 'true_false', 'true_false', 'fill_ups']);
    expect(stems(doc)[0]).toBe('Glucose is a sugar');
    expect(questionsOf(doc).slice(0, 3).map(correct)).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
  });

  it('among short answers after a colon, a longer answer is read the same way; a colon in brackets or before a longer text is no answer', () => {
    const doc = parse([
      '1. The boiling point of water is : 100',
      '2. The gas plants take in is : carbon dioxide',
      '3. A cell that has no nucleus is called : a prokaryote',
      '4. The reason steel rusts faster near the sea is (…) : salt in the air speeds up the reaction of iron with water and oxygen',
      '5. Sound travels fastest in : Đúng (it is a solid)',
      '6. True or false: light needs air to travel. → Sai (Đáp án đúng: light crosses a vacuum.)',
    ]);
    const answers = questionsOf(doc).map((q) => (q.type === 'fill_ups' ? q.options[0]?.name.replace(/<\/?p>/g, '') : q.type));
    expect(answers.slice(0, 4)).toEqual(['integer', 'carbon dioxide', 'a prokaryote', 'salt in the air speeds up the reaction of iron with water and oxygen']);
    expect(stems(doc)[3]).toBe('The reason steel rusts faster near the sea is (…)');
    // A true/false word with its reason in brackets: the word answers, the reason explains.
    expect(questionsOf(doc)[4].type).toBe('true_false');
    expect(correct(questionsOf(doc)[4])).toEqual([true, false]);
    expect(stems(doc)[5]).toMatch(/^True or false: light needs air to travel/);
  });

  it('once the paper answers after colons: an answer past an unanswered question, and an answer on the line under a colon', () => {
    const doc = parse([
      '1. The boiling point of water is : 100',
      '2. The gas plants take in is : carbon dioxide',
      '3. A cell that has no nucleus is called : a prokaryote',
      '4. Name the organelle that makes energy.',
      '5. The layer of gas that protects the Earth from the sun is : the ozone layer high up in the stratosphere above us all',
      '6. The process by which plants make food is :',
      'photosynthesis',
      '7. Water freezes at : 0',
    ]);
    const answers = questionsOf(doc).map((q) => (q.type === 'fill_ups' ? q.options[0]?.name.replace(/<\/?p>/g, '') : q.type));
    expect(answers.slice(3)).toEqual(['the ozone layer high up in the stratosphere above us all', 'photosynthesis', 'integer']);
    expect(stems(doc)[4]).toBe('The process by which plants make food is');
  });

  it('one dash in a question is its text', () => {
    const doc = parse(['1. Pick the odd one out - carefully', 'A. cat', 'B. dog', 'C. car', 'Answer: C']);
    expect(stems(doc)).toEqual(['Pick the odd one out - carefully']);
  });
});

describe('types named in the question', () => {
  it('"True or False:" with one of the two words highlighted: that is the answer', () => {
    const doc = parse([
      { runs: ['1. ', { text: 'True', highlight: 'yellow' }, ' or False: Water boils at 100 °C at sea level.'] },
      { runs: ['2. True or ', { text: 'False', highlight: 'yellow' }, ': The Moon is a planet.'] },
      '3. True or False: Sound travels in a vacuum.',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
  });

  it('"True or False?:" over bullets: the statement goes on in them, and the next Word number 1 is the next question', () => {
    const bullets = {
      id: 5,
      levels: [
        { format: 'decimal' as const, text: '%1.' },
        { format: 'bullet' as const, text: 'o' },
      ],
    };
    const doc = parse(
      [
        { runs: ['True or False?: A class may extend two classes when'], list: { id: 5 } },
        { runs: ['both are abstract'], list: { id: 5, level: 1 } },
        { runs: ['both are final'], list: { id: 5, level: 1 } },
        { runs: ['True or False?: An interface may have static methods.'], list: { id: 6 } },
        { runs: ['Which keyword makes a constant?'], list: { id: 6 } },
        'A. final',
        'B. static',
      ],
      { lists: [bullets, { ...bullets, id: 6 }] },
    );
    expect(questionsOf(doc).map((q) => q.type)).toEqual(['true_false', 'true_false', 'multiple_choice']);
    expect(stems(doc)[0]).toContain('both are abstract');
  });

  it('"True or False?:" before a statement with no answer: a true/false question still to be marked', () => {
    const doc = parse([
      '1. True or False?: Water boils at 100 °C at sea level.',
      '2. Vrai ou faux : la Lune est une planète.',
      '3. Which gas do plants take in?',
      'A. oxygen B. carbon dioxide',
      'Answer: B',
    ]);
    expect(questionsOf(doc).map((q) => q.type)).toEqual(['true_false', 'true_false', 'multiple_choice']);
    expect(questionsOf(doc).slice(0, 2).map(correct)).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(doc.problems.filter((p) => p.code === 'answerNotMarked').map((p) => p.params.question)).toEqual(['1', '2']);
  });

  it("statements numbered by a Word list, then lettered options that name them: the statements, numbers kept, are the question's text", () => {
    // Each question's list counts from 1 again; a line that asks stands between the statements and the options.
    const lists = [5, 6].map((id) => ({ id, levels: [{ format: 'decimal' as const, text: '%1.' }] }));
    const question = (n: number) => [
      { runs: [{ text: `Q${n}. Consider two claims about metals.`, bold: true }] },
      { runs: [{ text: 'Iron is a metal', bold: true }], list: { id: 4 + n } },
      { runs: [{ text: 'Wood is a metal', bold: true }], list: { id: 4 + n } },
      'Which of the claims are correct?',
      'A. 1 only',
      'B. 2 only',
      'Answer: A',
    ];
    const doc = parse([...question(1), ...question(2)], { lists });
    expect(stems(doc)).toEqual(
      Array(2).fill('<b>Consider two claims about metals.</b>1. <b>Iron is a metal</b>2. <b>Wood is a metal</b>Which of the claims are correct?'),
    );
    expect(names(questionsOf(doc)[0])).toEqual(['1 only', '2 only']);
  });
});

describe('papers in parts', () => {
  it('a key in parts under Word-list headings, its entries "1、参考答案：B", answers each part\'s questions', () => {
    const parts = { id: 4, levels: [{ format: 'decimal' as const, text: '%1、' }] };
    const doc = parse(
      [
        '一、Choice',
        '1. Which colour is warm?',
        'A. blue',
        'B. red',
        '2. Which colour is cold?',
        'A. blue',
        'B. orange',
        { runs: ['Judgement'], list: { id: 4 } },
        '1. Red is warm.',
        'A. 正确 B. 错误',
        '2. Blue is warm.',
        'A. 正确 B. 错误',
        '参考答案',
        { runs: ['Choice'], list: { id: 4 } },
        '1、参考答案：B',
        '解析：red is warm.',
        '2、参考答案：A',
        { runs: ['Judgement'], list: { id: 4 } },
        '1、参考答案：A',
        '2、参考答案：B',
      ],
      { lists: [parts] },
    );
    expect(doc.sections.map((s) => s.questions.length)).toEqual([2, 2]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [true, false],
      [true, false],
      [false, true],
    ]);
  });

  it('an answer line left empty under a written question ("정답:") is no key: the numbered questions that ask after it are read', () => {
    const numbers = { id: 5, levels: [{ format: 'decimal' as const, text: '%1.' }] };
    const doc = parse(
      [
        { runs: ['Which of these is a fruit?'], list: { id: 5 } },
        '① apple',
        '② car',
        { runs: ['Write the capital of France in one word. (2과)'], list: { id: 5 } },
        '정답:',
        '',
        { runs: ['Which word is wrong in the passage below? (2과)'], list: { id: 5 } },
        'The sun ①rises in the east and ②sets in the ③west, every ④day of the ⑤years.',
        '',
        { runs: ['Which word fills the blank below?'], list: { id: 5 } },
        'The sun rises in the ____ and sets in the west, every day of the year.',
        '① east',
        '② north',
        '정답 및 해설',
        '1. ①',
        '3. ⑤',
        '4. ①',
      ],
      { lists: [numbers] },
    );
    expect(stems(doc).map((s) => s.slice(0, 20))).toEqual(['Which of these is a ', 'Which word is wrong ', 'Which word fills the']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false],
      [false, false, false, false, true],
      [true, false],
    ]);
  });

  it('a heading after which the numbers start again at 1 ends the question above it', () => {
    const doc = parse([
      'Part I: fill in (1 point each)',
      '1. Water boils at （ ） degrees.',
      '2. Ice melts at （ ） degrees.',
      'Part II: choose',
      '1. Pick the metal',
      'A. iron B. wood',
      'Answer: A',
    ]);
    // The two blanks have no answer (noted, not uploaded); the heading is not the second one's text.
    const second = doc.problems.find((p) => p.code === 'unknownType' && p.params.question === '2');
    expect(second?.excerpt).toBe('2. Ice melts at （ ） degrees.');
    expect(doc.sections.map((s) => s.name)).toEqual(['Part II: choose']);
    expect(stems(doc)).toEqual(['Pick the metal']);
  });
});

describe('lines after the options', () => {
  it('an explanation after an arrow or a pointing hand is a solution, not an arrow answer', () => {
    const doc = parse([
      'Câu 1. Thủ đô của Việt Nam là?',
      'A. Huế',
      'B. Hà Nội',
      'C. Đà Nẵng',
      'D. Cần Thơ',
      'Đáp án: B',
      '→ Chương 5.1 giáo trình',
      'Câu 2. 2 + 2 bằng?',
      'A. 3',
      'B. 4',
      'Đáp án: B',
      '👉 Hai cộng hai bằng bốn.',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map(correct)).toEqual([
      [false, true, false, false],
      [false, true],
    ]);
    expect(qs[0].solution).toContain('Chương 5.1');
    expect(qs[1].solution).toContain('Hai cộng hai');
  });

  it('a picture between the stem and the options belongs to the question', () => {
    const doc = parse(['1. What shape is shown?', { runs: [{ picture: png(40, 40), widthPx: 40, heightPx: 40 }] }, 'A. Circle', 'B. Square', 'Answer: B']);
    const [q] = questionsOf(doc);
    expect(q.name).toContain('<img');
    expect(correct(q)).toEqual([false, true]);
  });

  it('a question laid out in a one-row table ("4." | its picture | its text), typed or numbered by Word, is read as a question', () => {
    const list = { id: 7, levels: [{ format: 'decimal' as const, text: '%1.' }] };
    const picture = { runs: [{ picture: png(40, 40), widthPx: 40, heightPx: 40 }] };
    const doc = parse(
      [
        '3. Which animal barks?',
        'a. cat    b. dog    c. cow',
        { table: [['4.', picture, '']] },
        'Which letter is shown in the picture?',
        'a. X    b. Y    c. Z',
        { table: [[{ runs: ['Which shape'], list: { id: 7, level: 0 } }, picture, 'is drawn here?']] },
        'a. circle    b. square    c. star',
        // Word's number alone in its cell, the picture and the text beside it.
        { table: [[{ runs: [''], list: { id: 7, level: 0 } }, picture, 'Which fruit is drawn?']] },
        'a. apple    b. pear',
      ],
      { lists: [list] },
    );
    expect(questionsOf(doc).map(names)).toEqual([
      ['cat', 'dog', 'cow'],
      ['X', 'Y', 'Z'],
      ['circle', 'square', 'star'],
      ['apple', 'pear'],
    ]);
    expect(stems(doc)[3]).toMatch(/Which fruit is drawn\?$/);
    expect(questionsOf(doc)[1].name).toContain('<img');
    expect(stems(doc)[1]).toMatch(/Which letter is shown in the picture\?$/);
    expect(stems(doc)[2]).toMatch(/^Which shape.*is drawn here\?$/);
  });

  it('"→" inside a stem is text', () => {
    const doc = parse(['1. In A → B, which is the product?', 'A. A', 'B. B', 'Answer: B']);
    const [q] = questionsOf(doc);
    expect(q.name).toBe('<p>In A → B, which is the product?</p>');
    expect(correct(q)).toEqual([false, true]);
  });
});

describe('Korean papers numbered by the word processor', () => {
  it('options numbered ①②③ by a list, and <보기> statements numbered ㄱ ㄴ ㄷ, are not questions', () => {
    const circled = { id: 3, levels: [{ format: 'decimalEnclosedCircle' as const, text: '%1' }] };
    const jamo = { id: 4, levels: [{ format: 'chosung' as const, text: '%1.' }] };
    const item = (id: number, text: string) => ({ runs: [text], list: { id, level: 0 } });
    const doc = parse(
      [
        '1. 다음 중 옳은 것만을 <보기>에서 있는 대로 고른 것은?',
        item(4, '가는 나이다.'),
        item(4, '다는 라이다.'),
        item(3, 'ㄱ'),
        item(3, 'ㄴ'),
        item(3, 'ㄱ, ㄴ'),
        '정답: ③',
      ],
      { lists: [circled, jamo] },
    );
    const [q] = questionsOf(doc);
    expect(questionsOf(doc)).toHaveLength(1);
    expect(names(q)).toEqual(['ㄱ', 'ㄴ', 'ㄱ, ㄴ']);
    expect(correct(q)).toEqual([false, false, true]);
    expect(q.name).toContain('ㄱ. 가는 나이다.');
  });
});

describe('Korean papers: a <보기> box', () => {
  it("typed ㄱ. ㄴ. ㄷ. statements (one running over two lines) are the question's text once its ① ② ③ come, in a paper that numbers no question", () => {
    const doc = parse([
      '다음 중 옳은 것만을 <보기>에서 있는 대로 고른 것은? [4점]',
      '<보기>',
      'ㄱ. 가는 나이다.',
      'ㄴ. 다는 라이다.',
      'ㄷ. 마는 바이고',
      '사는 아이며, 자는 차이고, 카는 타이며, 파는 하이다. 그러므로 가나다라마바사는 옳다.',
      '① ㄱ\t② ㄴ\t③ ㄱ, ㄴ\t④ ㄱ, ㄷ\t⑤ ㄴ, ㄷ',
      '정답: ④',
    ]);
    expect(questionsOf(doc)).toHaveLength(1);
    const [first] = questionsOf(doc);
    expect(names(first)).toEqual(['ㄱ', 'ㄴ', 'ㄱ, ㄴ', 'ㄱ, ㄷ', 'ㄴ, ㄷ']);
    expect(first.name).toContain('ㄱ. 가는 나이다.');
    expect(first.name.replace(/<[^>]+>/g, ' ')).toMatch(/ㄷ\. 마는 바이고\s+사는 아이며/);
    expect(correct(first)).toEqual([false, false, false, true, false]);
  });
});

describe('passages', () => {
  it("a reading text in a box whose steps Word numbers: the steps are the text's, the questions come after the box", () => {
    const list = { id: 5, levels: [{ format: 'decimal' as const, text: '%1.' }] };
    const step = (text: string) => ({ runs: [text], list: { id: 5, level: 0 } });
    const doc = parse(
      [
        'Questions 1 to 2 refer to the following text.',
        { table: [[['How to plant a seed.', step('Dig a small hole.'), step('Put the seed in.'), step('Cover it and water it.')]]] },
        '1. What is the first step?',
        'A. Water it',
        'B. Dig a hole',
        'Answer: B',
        '2. What goes in the hole?',
        'A. A seed',
        'B. A stone',
        'Answer: A',
      ],
      { lists: [list] },
    );
    const [group] = questionsOf(doc);
    expect(group.type).toBe('comprehension');
    if (group.type !== 'comprehension') return;
    expect(group.paragraph).toContain('1. Dig a small hole.');
    expect(group.paragraph).toContain('3. Cover it and water it.');
    expect(group.questions.map((q) => q.name.replace(/<\/?p>/g, ''))).toEqual(['What is the first step?', 'What goes in the hole?']);
    expect(group.questions.map(correct)).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('cloze items as table rows under a passage', () => {
    const doc = parse([
      'Read the passage and choose the best word for each blank.',
      'The man (1) ____ car was stolen went to the police, (2) ____ helped him.',
      {
        table: [
          ['Question 1.', 'A. whose', 'B. whom', 'C. which', 'D. who'],
          ['Question 2.', 'A. whose', 'B. whom', 'C. which', 'D. who'],
        ],
      },
      'Answer key: 1. A 2. D',
    ]);
    const qs = questionsOf(doc).flatMap((q) => (q.type === 'comprehension' ? q.questions : [q]));
    expect(qs.map(names)).toEqual([
      ['whose', 'whom', 'which', 'who'],
      ['whose', 'whom', 'which', 'who'],
    ]);
    expect(qs.map(correct)).toEqual([
      [true, false, false, false],
      [false, false, false, true],
    ]);
  });

  it('a cloze passage whose numbered blanks name the questions below it, with or without directions before it', () => {
    for (const directions of [[], ['Choose the word that best fits each of the numbered blanks from 3 to 4.']]) {
      const doc = parse([
        '1. Which word is a verb?',
        'A. run B. blue C. table D. slowly',
        '2. Which word is a noun?',
        'A. run B. blue C. table D. slowly',
        ...directions,
        'Basketball was (3) ______ in 1891 by a teacher (4) ______ wanted a game for the winter.',
        '3. A. invented B. invent C. inventing D. invents',
        '4. A. which B. who C. whose D. whom',
        'Answer key: 1. A 2. C 3. A 4. B',
      ]);
      const [, , passage] = questionsOf(doc);
      expect(passage.type).toBe('comprehension');
      if (passage.type !== 'comprehension') return;
      expect(passage.paragraph).toContain('Basketball was (3) ______');
      expect(passage.questions.map((q) => q.name)).toEqual(['<p>(3)</p>', '<p>(4)</p>']);
      expect(passage.questions.map(correct)).toEqual([
        [true, false, false, false],
        [false, true, false, false],
      ]);
    }
  });

  it('a Word-numbered blank whose own text is option A ("34." then "A. go", B below) names itself by the blank', () => {
    const list = { id: 8, levels: [{ format: 'decimal' as const, text: '%1.', start: 3 }] };
    const doc = parse(
      [
        'Questions 3 – 4 are based on the following text.',
        'Every day we (3) … to school and (4) … home at four.',
        { runs: ['A. go'], list: { id: 8, level: 0 } },
        'B. goes',
        'C. going',
        { runs: ['A. walk'], list: { id: 8, level: 0 } },
        'B. walks',
        'C. walking',
      ],
      { lists: [list] },
    );
    const [passage] = questionsOf(doc);
    expect(passage.type).toBe('comprehension');
    if (passage.type !== 'comprehension') return;
    expect(passage.questions.map((q) => q.name)).toEqual(['<p>(3)</p>', '<p>(4)</p>']);
    expect(passage.questions.map(names)).toEqual([
      ['go', 'goes', 'going'],
      ['walk', 'walks', 'walking'],
    ]);
  });

  it('"Sử dụng thông tin sau cho Câu 1 và Câu 2: <text>" on one line is a passage for those questions; a bold "Lời giải" starts each one\'s solution', () => {
    const doc = parse([
      'PHẦN III. Câu trắc nghiệm trả lời ngắn.',
      'Sử dụng thông tin sau cho Câu 1 và Câu 2: Một nguồn điện có suất điện động 12 V và điện trở trong 2 Ω nối với điện trở R.',
      'Câu 1. Cường độ dòng điện khi R = 4 Ω là bao nhiêu ampe?',
      { runs: [{ text: 'Lời giải', bold: true }] },
      'I = 12 / (4 + 2) = 2 A.',
      'Đáp án: 2',
      'Câu 2. Hiệu điện thế giữa hai cực khi R = 4 Ω là bao nhiêu vôn?',
      { runs: [{ text: 'Lời giải', bold: true }] },
      'U = I R = 8 V.',
      'Đáp án: 8',
    ]);
    const [passage] = questionsOf(doc);
    expect(passage.type).toBe('comprehension');
    if (passage.type !== 'comprehension') return;
    expect(passage.paragraph).toContain('Một nguồn điện');
    expect(passage.questions.map((q) => q.name)).toEqual([
      '<p>Cường độ dòng điện khi R = 4 Ω là bao nhiêu ampe?</p>',
      '<p>Hiệu điện thế giữa hai cực khi R = 4 Ω là bao nhiêu vôn?</p>',
    ]);
    expect(passage.questions.map((q) => q.type)).toEqual(['integer', 'integer']);
  });

  it('"Question Context: 2 to 3" names the questions of a passage', () => {
    const doc = parse([
      '1. Which is a vowel?',
      'A. b',
      'B. e',
      'Question Context: 2 to 3',
      'Tom has a red kite. He flies it in the park every Sunday.',
      '2. What colour is the kite?',
      'A. red',
      'B. blue',
      '3. Where does Tom fly it?',
      'A. park',
      'B. beach',
      '4. Which is a consonant?',
      'A. a',
      'B. t',
      'Answers: 1. B 2. A 3. A 4. B',
    ]);
    const top = questionsOf(doc);
    expect(top.map((q) => q.type)).toEqual(['multiple_choice', 'comprehension', 'multiple_choice']);
    expect(top[1].type === 'comprehension' && top[1].questions).toHaveLength(2);
  });

  it('a line that counts the questions below ("Ba (03) câu … dưới đây", "the next two questions") makes a passage of that many', () => {
    const doc = parse([
      '(L.O.1) Which is a vowel?',
      'A. b',
      'B. e',
      'Ba (03) câu hỏi dưới đây dùng bảng sau.',
      'A table of three processes, their arrival times and their bursts, is given below for the questions.',
      '(L.O.2) Which process runs first?',
      'A. P1',
      'B. P2',
      '(L.O.2) Which process waits longest?',
      'A. P1',
      'B. P3',
      '(L.O.2) What is the mean waiting time?',
      'A. 2',
      'B. 4',
      '(L.O.3) Which is a consonant?',
      'A. a',
      'B. t',
    ]);
    const top = questionsOf(doc);
    expect(top.map((q) => q.type)).toEqual(['multiple_choice', 'comprehension', 'multiple_choice']);
    expect(top[1].type === 'comprehension' && top[1].questions).toHaveLength(3);
  });

  it('directions that name their questions in pieces ("from 2 to 3 are True or False … questions 4 and 5"): one passage, its statements true or false', () => {
    const doc = parse([
      '1. Which is a vowel?',
      'A. b',
      'B. e',
      'IV. Read the passage. Decide whether the statements from 2 to 3 are True or False and choose the correct answer in questions 4 and 5. (1.5 pts)',
      'Tom has a red kite. He flies it in the park every Sunday with his sister, who made it for him last spring.',
      '2. The kite is blue.',
      '3. Tom flies the kite on Sundays.',
      '4. Who made the kite?',
      'A. Tom',
      'B. his sister',
      '5. When was it made?',
      'A. last spring',
      'B. last winter',
      '6. Which is a consonant?',
      'A. a',
      'B. t',
    ]);
    const top = questionsOf(doc);
    expect(top.map((q) => q.type)).toEqual(['multiple_choice', 'comprehension', 'multiple_choice']);
    const children = top[1].type === 'comprehension' ? top[1].questions : [];
    expect(children.map((q) => q.type)).toEqual(['true_false', 'true_false', 'multiple_choice', 'multiple_choice']);
  });
});

describe('two Word lists at one level', () => {
  it('questions numbered "1-" "2-" by one list, a question\'s options "1)" "2)" by another that starts again under it (one item may hold the others)', () => {
    const questions = { id: 1, levels: [{ format: 'decimal' as const, text: '%1-' }] };
    const options = { id: 2, levels: [{ format: 'decimal' as const, text: '%1)' }] };
    const options2 = { id: 3, levels: [{ format: 'decimal' as const, text: '%1)' }] };
    const options3 = { id: 4, levels: [{ format: 'decimal' as const, text: '%1)' }] };
    const doc = parse(
      [
        { runs: ['Which is a metal?'], list: { id: 1 } },
        { runs: ['Iron'], list: { id: 2 } },
        { runs: ['Oxygen'], list: { id: 2 } },
        { runs: ['How many of these are true?'], list: { id: 1 } },
        'Water boils at 100 °C; ice sinks.',
        { runs: ['one'], list: { id: 3 } },
        { runs: ['two'], list: { id: 3 } },
        { runs: ['none'], list: { id: 3 } },
        { runs: ['Which is a gas?'], list: { id: 1 } },
        { runs: ['Neon'], list: { id: 4 } },
        { runs: ['Lead'], list: { id: 4 } },
      ],
      { lists: [questions, options, options2, options3] },
    );
    expect(questionsOf(doc).map(names)).toEqual([
      ['Iron', 'Oxygen'],
      ['one', 'two', 'none'],
      ['Neon', 'Lead'],
    ]);
    // A question whose one item holds the others, typed after tabs ("1) tuple⇥2) list"), beside questions of two items or more.
    const typed = parse(
      [
        { runs: ['Which type is mutable?'], list: { id: 1 } },
        { runs: ['tuple\t2) list\t3) str\t4) int'], list: { id: 2 } },
        { runs: ['How many of these are true?'], list: { id: 1 } },
        { runs: ['one'], list: { id: 3 } },
        { runs: ['two'], list: { id: 3 } },
        { runs: ['Which is a gas?'], list: { id: 1 } },
        { runs: ['Neon'], list: { id: 4 } },
        { runs: ['Lead'], list: { id: 4 } },
      ],
      { lists: [questions, options, options2, options3] },
    );
    expect(questionsOf(typed).map(names)).toEqual([
      ['tuple', 'list', 'str', 'int'],
      ['one', 'two'],
      ['Neon', 'Lead'],
    ]);
  });
});

describe('parts headed by a banner', () => {
  it('a box of one short line ("단답형") before a question number heads a part, even under a short answer left open', () => {
    const doc = parse([
      { table: [['5지선다형']] },
      '1. 2 + 3의 값은?',
      '① 4\t② 5\t③ 6',
      { table: [['단답형']] },
      '2. 7 × 8의 값을 구하시오.',
      { table: [['5지선다형']] },
      '3. 9 − 4의 값은?',
      '① 4\t② 5\t③ 6',
    ]);
    expect(doc.sections.map((s) => s.name)).toEqual(['5지선다형', '단답형', '5지선다형']);
    // The short answer takes nothing of the next part; its answer, not in the paper, is left to set (a note names it).
    expect(stems(doc)).toEqual(['2 + 3의 값은?', '7 × 8의 값을 구하시오.', '9 − 4의 값은?']);
    expect(doc.problems.find((p) => p.code === 'answerNotGiven')).toMatchObject({ severity: 'warning', params: { question: '2' } });
  });

  it('a banner spaced letter by letter ("단 답 형"), a box of notes between it and the number, heads its part as well', () => {
    const doc = parse([
      '1. 2 + 3의 값은?',
      '① 4\t② 5\t③ 6',
      { table: [['단 답 형']] },
      { table: [['* 확인 사항: 답안지의 해당란에 표기하시오.']] },
      '2. 7 × 8의 값을 구하시오.',
      '3. 9 × 9의 값을 구하시오.',
    ]);
    expect(doc.sections.map((s) => s.name)).toEqual([null, '단 답 형']);
    expect(questionsOf(doc).map((q) => q.type)).toEqual(['multiple_choice', 'fill_ups', 'fill_ups']);
    expect(names(questionsOf(doc)[0])).toEqual(['4', '5', '6']);
  });

  it('short answers without their answers, in a part that says so: integer over equations, fill-in otherwise; elsewhere still left out', () => {
    const doc = parse([
      'Short answer questions',
      { runs: ['1. Find the value of ', { math: omml.sup('x', '2') }, ' when x is 3.'] },
      '2. Name the capital of France.',
    ]);
    expect(questionsOf(doc).map((q) => q.type)).toEqual(['integer', 'fill_ups']);
    expect(doc.problems.filter((p) => p.code === 'answerNotGiven')).toHaveLength(2);
    const plain = parse(['1. Name the capital of France.', '2. Name the capital of Spain.']);
    expect(questionsOf(plain)).toHaveLength(0);
    expect(plain.problems.filter((p) => p.code === 'unknownType')).toHaveLength(2);
  });
});

describe('answers circled on a printed paper (khoanh tròn)', () => {
  it('an empty circle drawn over an option marks it, wherever Word anchors it; two circles answer a question twice', () => {
    const doc = parse([
      'Câu 1: Kim loại là:',
      { runs: [{ circle: { offsetPt: 18.1 } }, 'a. Oxi'] },
      'b. Sắt',
      'c. Neon',
      'Câu 2: Khí là:',
      { runs: [{ circle: { offsetPt: 0.5 } }, 'a. Neon'] },
      { runs: [{ circle: { offsetPt: 0.5 } }, 'b. Heli'] },
      'c. Chì',
      'Câu 3: Chất lỏng là:',
      'a. Nước',
      'b. Đá',
    ]);
    const [metal, gas, liquid] = questionsOf(doc);
    expect(correct(metal)).toEqual([false, true, false]);
    expect(correct(gas)).toEqual([true, true, false]);
    expect(correct(liquid)).toEqual([false, false]);
    expect(metal.answerFrom).toBe('circle');
  });

  it('a circle on a line of several options cannot tell which: none is marked, and the question says so', () => {
    const doc = parse(['1. Which is a metal?', { runs: [{ circle: { offsetPt: 0 } }, 'A. Iron    B. Neon    C. Oxygen'] }]);
    expect(correct(questionsOf(doc)[0])).toEqual([false, false, false]);
    expect(doc.problems.map((p) => p.code)).toContain('answerNotMarked');
  });
});

describe('a sign glued before the right option (inferred from the whole paper)', () => {
  it('"!" before one option in every question marks it, and is not shown; the rule says "sign"', () => {
    const doc = parse(['1. Which is a metal?', 'a. !Iron', 'b. Oxygen', 'c. Neon', '2. Which is a gas?', 'a. Lead', 'b. !Neon', 'c. Tin']);
    const [metal, gas] = questionsOf(doc);
    expect(correct(metal)).toEqual([true, false, false]);
    expect(correct(gas)).toEqual([false, true, false]);
    expect(metal.type === 'multiple_choice' && metal.options[0].name).toBe('<p>Iron</p>');
    expect(gas.answerFrom).toBe('sign');
  });

  it('a sign on two options of a question, or in one question only, is text: "!important" and "#include" stay', () => {
    const twice = parse(['1. Which CSS wins?', 'a. !important rules', 'b. !default rules', '2. Which is C?', 'a. !x', 'b. y']);
    expect(questionsOf(twice).map(correct)).toEqual([
      [false, false],
      [false, false],
    ]);
    const once = parse(['1. Which is C?', 'a. #include', 'b. import', '2. Which is Python?', 'a. def', 'b. func', '3. Which is Go?', 'a. func', 'b. def']);
    expect(questionsOf(once).map(correct)).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect((questionsOf(once)[0] as { options: { name: string }[] }).options[0].name).toBe('<p>#include</p>');
  });
});

describe('two signs before every option, one for the right ones (inferred from the whole paper)', () => {
  it('"+" before the right option, "-" before the others: options without the signs, "+" right; a figure under the question stays its own', () => {
    const doc = parse([
      'Câu 1: Thủ đô của Pháp là gì?',
      '\t+ Paris',
      '- Rome',
      '\t - Oslo',
      'Câu 2: Hình nào là tam giác?',
      { runs: [{ picture: png(40, 30), widthPx: 40, heightPx: 30 }] },
      '\t - Hình 1',
      '\t + Hình 2',
      '\t - Hình 3',
      'Câu 3: Số nào là số chẵn?',
      '\t - 3',
      '\t + 4',
    ]);
    expect(questionsOf(doc).map(names)).toEqual([
      ['Paris', 'Rome', 'Oslo'],
      ['Hình 1', 'Hình 2', 'Hình 3'],
      ['3', '4'],
    ]);
    // (Question 3's one "+" and one "-" decide nothing alone: the paper's other questions do.)
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [false, true, false],
      [false, true],
    ]);
    expect(questionsOf(doc)[1].name).toContain('<img');
  });
});

describe('a sign after the right option (inferred from the whole paper)', () => {
  it('"(Correcta)" after one option of most questions marks it and is not shown; brackets on options of their own stay', () => {
    const doc = parse([
      '1. ¿Cuál es el planeta más cercano al sol?',
      'a) Venus',
      'b) Mercurio (Correcta)',
      'c) Marte (rojo)',
      '2. ¿Cuál es el océano más grande?',
      'a) Pacífico (Correcta)',
      'b) Atlántico',
      '3. ¿Qué gas respiramos?',
      'a) Helio',
      'b) Oxígeno (Correcta)',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [true, false],
      [false, true],
    ]);
    expect(names(questionsOf(doc)[0])).toEqual(['Venus', 'Mercurio', 'Marte (rojo)']);
  });

  it('"+" after one option in most questions, after a space or glued to its last letter, marks it and is not shown ("C++" stays)', () => {
    const doc = parse([
      '1 Which device stores files?',
      'a) SSD +',
      'b) RAM',
      'c) CPU',
      '2 Which is volatile?',
      'a) Disk',
      'b) RAM+',
      'c) Tape',
      '3 Which language has ++?',
      'a) C++',
      'b) Pascal',
      'c) Go+',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
    expect(questionsOf(doc).map(names)).toEqual([
      ['SSD', 'RAM', 'CPU'],
      ['Disk', 'RAM', 'Tape'],
      ['C++', 'Pascal', 'Go'],
    ]);
  });

  it('the "+" marks the same in a paper whose questions have no number: option a) again starts the next question\'s options', () => {
    const doc = parse([
      'Which device stores files',
      'a) SSD +',
      'b) RAM',
      'c) CPU',
      '',
      'Which memory is volatile',
      'a) Disk',
      'b) RAM +',
      'c) Tape',
      '',
      'Which one is a language',
      'a) Excel',
      'b) Pascal',
      'c) Go +',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
    expect(names(questionsOf(doc)[2])).toEqual(['Excel', 'Pascal', 'Go']);
  });
});

describe('an option written again under the options', () => {
  it('"c) Neon" again after d): the line names the answer, it is no fifth option; another text under the same letter stays an option', () => {
    const doc = parse([
      '1) Which is a gas?',
      'a) Iron',
      'b) Lead',
      'c) Neon',
      'd) Tin',
      'c) Neon',
      '',
      '2) Which is a metal?',
      'a) Neon',
      'b) Iron',
      'b) Iron',
    ]);
    const [gas, metal] = questionsOf(doc);
    expect(correct(gas)).toEqual([false, false, true, false]);
    expect(correct(metal)).toEqual([false, true]);
    expect(gas.answerFrom).toBe('answerLine');
    const differs = parse(['1) Which is a gas?', 'a) Iron', 'b) Neon', 'b) Argon']);
    expect(correct(questionsOf(differs)[0])?.length ?? 0).not.toBe(2);
  });
});

describe('answers written after short labels', () => {
  const answerOfFirst = (doc: ParsedDocument) => {
    const q = questionsOf(doc)[0];
    return q.type === 'fill_ups' ? q.options[0].name : null;
  };
  it('"R.- …" (respuesta) under a question answers it, as "Rta: …" does', () => {
    expect(answerOfFirst(parse(['1. ¿Qué es el control?', 'R.- Una función de la administración']))).toBe('Una función de la administración');
    expect(answerOfFirst(parse(['1. ¿Capital de Francia?', 'Rta: París']))).toBe('París');
  });
  it('the words before an answer are dropped only as whole words: "Isaac" and "làm" keep their first letters', () => {
    expect(answerOfFirst(parse(['1. Who wrote the Principia?', 'Answer: Isaac Newton']))).toBe('Isaac Newton');
    expect(answerOfFirst(parse(['1. Điền từ còn thiếu: Học đi đôi với ___.', 'Đáp án: làm']))).toBe('làm');
  });
});

describe('option A at the end of a bold stem, B to D in a lettered Word list', () => {
  it("the list's letters stand: A is taken back from the stem, even in a paper of bold stems over unlabelled options", () => {
    const lettered = { id: 1, levels: [{ format: 'upperLetter' as const, text: '%1.', start: 2 }] };
    const doc = parse(
      [
        { runs: [{ text: 'Câu 1: Thủ đô của Pháp là gì? A. Berlin.', bold: true }] },
        { runs: ['Paris.'], list: { id: 1 } },
        { runs: ['Rome.'], list: { id: 1 } },
        { runs: ['Madrid.'], list: { id: 1 } },
        { runs: [{ text: 'Câu 2: Kim loại nào nhẹ nhất?', bold: true }] },
        'Liti',
        'Sắt',
        'Chì',
        { runs: [{ text: 'Câu 3: Khí nào trơ?', bold: true }] },
        'Neon',
        'Oxi',
      ],
      { lists: [lettered] },
    );
    const [capital] = questionsOf(doc);
    expect(capital.name).toBe('<p><b>Thủ đô của Pháp là gì?</b></p>');
    expect(capital.type === 'multiple_choice' && capital.options.map((o) => o.name)).toEqual([
      '<p>Berlin.</p>',
      '<p>Paris.</p>',
      '<p>Rome.</p>',
      '<p>Madrid.</p>',
    ]);
  });
});

describe('Korean layouts the Hangul papers showed, read the same in Word', () => {
  it('options as label and text in turn along a table row ("① | ㄱ, ㄴ | ② | …"), or row after row', () => {
    const doc = parse([
      '1. 옳은 것을 고른 것은?',
      { table: [['①', 'ㄱ, ㄴ', '②', 'ㄱ, ㄷ', '③', 'ㄴ, ㄷ', '④', 'ㄴ, ㄹ', '⑤', 'ㄷ, ㄹ']] },
      '2. 가장 큰 수는?',
      {
        table: [
          ['①', '1', '②', '2'],
          ['③', '3', '④', '4'],
        ],
      },
      '정답',
      '1. ③ 2. ④',
    ]);
    expect(questionsOf(doc).map((q) => (q.type === 'multiple_choice' ? q.options.map((o) => o.name.replace(/<[^>]+>/g, '')) : q.type))).toEqual([
      ['ㄱ, ㄴ', 'ㄱ, ㄷ', 'ㄴ, ㄷ', 'ㄴ, ㄹ', 'ㄷ, ㄹ'],
      ['1', '2', '3', '4'],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, false, true, false, false],
      [false, false, false, true],
    ]);
  });

  it('circled labels glued to the option before them ("① ㄱ, ㄴ② ㄱ, ㄷ") and a number glued to a bracketed label ("30.[A]의") are read', () => {
    const doc = parse(['29. 첫 문제는?', '① 1\t② 2', '30.[A]의 내용으로 옳은 것은?', '① ㄱ, ㄴ② ㄱ, ㄷ③ ㄴ, ㄷ']);
    const [, boxed] = questionsOf(doc);
    expect(boxed.name.replace(/<[^>]+>/g, '')).toBe('[A]의 내용으로 옳은 것은?');
    expect(boxed.type === 'multiple_choice' && boxed.options.map((o) => o.name.replace(/<[^>]+>/g, ''))).toEqual(['ㄱ, ㄴ', 'ㄱ, ㄷ', 'ㄴ, ㄷ']);
  });

  it('a key entry whose answer is an equation showing a number ("17. $24$") answers a short answer with that number', () => {
    const doc = parse(['단답형', '1. 3 × 8의 값을 구하시오.', '정답', { runs: ['1. ', { math: '<m:r><m:t>24</m:t></m:r>' }] }]);
    const [short] = questionsOf(doc);
    expect(short.type === 'integer' && short.solution).toBe('24');
  });

  it('a line that asks, set apart under the material ("  …고른 것은? [3점]"), is the question\'s text, not its answer; a figure before the number stays with its question', () => {
    const doc = parse([
      '1. 다음은 물질 (가)와 (나)에 대한 자료이다.',
      '  이에 대한 설명으로 옳은 것은? [2점]',
      { table: [['①', 'ㄱ', '②', 'ㄴ', '③', 'ㄷ']] },
      { runs: [{ picture: png(40, 30), widthPx: 40, heightPx: 30 }, '2. 그림은 원자의 구조이다.'] },
      '  옳은 것만을 고른 것은? (단, X는 임의의 원소이다.) [3점]',
      { table: [['①', 'ㄱ', '②', 'ㄴ', '③', 'ㄷ']] },
      '3. 다음 빈칸에 알맞은 말은?',
      '  원자',
      '4. 다음 빈칸에 알맞은 말은?',
      '  분자',
    ]);
    const [first, second, third] = questionsOf(doc);
    expect(first.type).toBe('multiple_choice');
    expect(first.name.replace(/<[^>]+>/g, '')).toContain('이에 대한 설명으로 옳은 것은?');
    expect(second.type).toBe('multiple_choice');
    expect(second.name).toContain('<img');
    // Answers set apart still answer: "원자" under "3." (the paper answers so twice).
    expect(third.type === 'fill_ups' && third.options[0].name).toBe('원자');
  });

  it("marks ① … ⑤ inside the question's own text, in order, are its options; a key answers them", () => {
    const doc = parse([
      '29. 다음 글의 밑줄 친 부분 중, 어법상 틀린 것은?',
      'Plants ① grow toward light, and their leaves ② turns to the sun. This ③ helps them make food, ④ which they store, and ⑤ use later.',
      '정답',
      '29. ②',
    ]);
    const [grammar] = questionsOf(doc);
    expect(grammar.type === 'multiple_choice' && grammar.options.map((o) => o.name.replace(/<[^>]+>/g, ''))).toEqual(['①', '②', '③', '④', '⑤']);
    expect(correct(grammar)).toEqual([false, true, false, false, false]);
    // Marks out of order, or fewer than four, are the text's own.
    expect(questionsOf(parse(['1. 다음 ② 와 ① 을 비교하시오.', '2. ③ 과 ④ 중 큰 것은?']))).toHaveLength(0);
  });

  it("an options table under rows that head its columns: the heading rows go in the question, each option is its label's cells", () => {
    const doc = parse([
      '10. 다음 표에서 두 사람이 고를 상품은?',
      {
        table: [
          ['', 'Price list', '', ''],
          ['', 'Model', 'Price', 'Colour'],
          ['①', 'A', '$40', 'red'],
          ['②', 'B', '$55', 'blue'],
          ['③', 'C', '$60', 'black'],
        ],
      },
      '정답',
      '10. ②',
    ]);
    const [table] = questionsOf(doc);
    expect(table.name.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('Price list Model Price Colour');
    expect(
      table.type === 'multiple_choice' &&
        table.options.map((o) =>
          o.name
            .replace(/<[^>]+>/g, ' ')
            .trim()
            .replace(/\s+/g, ' '),
        ),
    ).toEqual(['A $40 red', 'B $55 blue', 'C $60 black']);
    expect(correct(table)).toEqual([false, true, false]);
  });

  it('a paper of question tables under a title ("Question | …", "(a) | 6", "(b) | 9 | ✓") is no options table under a heading row', () => {
    const doc = parse(QUESTION_TABLES);
    expect(questionsOf(doc).map((q) => [q.type, q.name])).toEqual([
      ['multiple_choice', '<p>What is 3 × 3?</p>'],
      ['true_false', '<p>Water boils at 100 °C at sea level.</p>'],
    ]);
  });

  it("a figure at the start of the options' first line goes in the question; the lines of a paper all in bold are no unlabelled options", () => {
    const bold = (text: string) => ({ runs: [{ text, bold: true }] });
    const doc = parse([
      bold('1. 함수 y = f(x)의 그래프가 그림과 같다.'),
      bold('f(1) + f(2)의 값은?'),
      {
        runs: [
          { picture: png(40, 30), widthPx: 40, heightPx: 30 },
          { text: '① 1', bold: true },
        ],
      },
      bold('② 2'),
      bold('③ 3'),
      bold('2. 다음 식의 값은?'),
      bold('1 + 1'),
      bold('① 1'),
      bold('② 2'),
    ]);
    const [graph, sum] = questionsOf(doc);
    expect(graph.name).toContain('f(1) + f(2)의 값은?');
    expect(graph.name).toContain('<img');
    expect(graph.type === 'multiple_choice' && graph.options.map((o) => o.name.replace(/<[^>]+>/g, ''))).toEqual(['1', '2', '3']);
    expect(sum.type === 'multiple_choice' && sum.options).toHaveLength(2);
  });
});

describe('papers from unseen sources, second round', () => {
  it('no numbers, no labels: blocks of a question and its options, one option of each highlighted, are questions', () => {
    const hl = (text: string) => ({ runs: [{ text, highlight: 'yellow' }] });
    const doc = parse([
      '¿Qué encapsulado tiene el chip?',
      'SOIC',
      hl('QFN'),
      'DIP',
      '',
      'El bus más usado en sensores',
      hl('I2C'),
      'CAN',
      'USB',
      '',
      'La tensión de la placa es:',
      '3,3 V',
      '5 V',
      hl('12 V'),
    ]);
    expect(questionsOf(doc).map((q) => q.name.replace(/<[^>]+>/g, ''))).toEqual([
      '¿Qué encapsulado tiene el chip?',
      'El bus más usado en sensores',
      'La tensión de la placa es:',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [true, false, false],
      [false, false, true],
    ]);
    // The same blocks with nothing marked are no questions: a list of words under a title is not a quiz.
    expect(questionsOf(parse(['Metales', 'hierro', 'cobre', '', 'Gases', 'neón', 'argón', '', 'Líquidos', 'agua', 'aceite']))).toHaveLength(0);
  });

  it('Word\'s number alone on a line over the question\'s words; "True" and "False" as bullets under "True or False:"; a question whose number was lost', () => {
    const decimal = { id: 1, levels: [{ format: 'decimal' as const, text: '%1.' }] };
    const bullets = { id: 2, levels: [{ format: 'bullet' as const, text: '•' }] };
    const doc = parse(
      [
        { runs: ['True or False: Water boils at 100 °C at sea level.'], list: { id: 1 } },
        { runs: [{ text: 'True', highlight: 'yellow' }], list: { id: 2 } },
        { runs: ['False'], list: { id: 2 } },
        { runs: [''], list: { id: 1 } },
        'Which sentence is concise?',
        { runs: ['The report that was written by me is done.'], list: { id: 2 } },
        { runs: [{ text: 'I finished the report.', highlight: 'yellow' }], list: { id: 2 } },
        '3. Which is a noble gas?',
        'A. Neon',
        'B. Iron',
        'Which is a metal?',
        'A. Argon',
        'B. Copper',
        '5. Which is a liquid?',
        'A. Water',
        'B. Salt',
      ],
      { lists: [decimal, bullets] },
    );
    const questions = questionsOf(doc);
    expect(questions.map((q) => q.name.replace(/<[^>]+>/g, ''))).toEqual([
      'True or False: Water boils at 100 °C at sea level.',
      'Which sentence is concise?',
      'Which is a noble gas?',
      'Which is a metal?',
      'Which is a liquid?',
    ]);
    expect(questions[0].type).toBe('true_false');
    expect(correct(questions[0])).toEqual([true, false]);
    expect(correct(questions[1])).toEqual([false, true]);
    expect(questions[3].type === 'multiple_choice' && questions[3].options.map((o) => o.name.replace(/<[^>]+>/g, ''))).toEqual(['Argon', 'Copper']);
  });
});

describe('papers from unseen sources, third round', () => {
  it('a learning platform\'s export: "QUESTION n", the text as a list item, options as table rows behind buttons, the right one in red, "3 points" under each', () => {
    const list = { id: 1, levels: [{ format: 'decimal' as const, text: '%1.' }] };
    const button = { runs: [{ picture: png(13, 13), widthPx: 13, heightPx: 13 }] };
    const question = (n: number, stem: string, extra: string[], options: string[], right: number) => [
      { runs: [{ text: `QUESTION ${n}`, bold: true }] },
      { runs: [stem], list: { id: 10 + n } },
      ...extra,
      { table: options.map((o, i) => [button, '', { runs: [i === right ? { text: o, color: 'FF0000' } : o] }]) },
      { runs: [{ text: '3 points', bold: true }] },
    ];
    const doc = parse(
      [
        ...question(1, 'Which is a metal?', [], ['Iron', 'Neon', 'Argon'], 0),
        ...question(2, 'Given the following code:', ['let x = 2;', 'What is x?'], ['1', '2', '3'], 1),
      ],
      { lists: [list], listInstances: [1, 2].map((n) => ({ id: 10 + n, list: 1, startOverride: { start: 1 } })) },
    );
    const [metal, code] = questionsOf(doc);
    expect(questionsOf(doc)).toHaveLength(2);
    expect(correct(metal)).toEqual([true, false, false]);
    expect(metal.marks?.positive).toBe(3);
    expect(
      code.name
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe('Given the following code: let x = 2; What is x?');
    expect(correct(code)).toEqual([false, true, false]);
  });

  it('a short mark after the right options\' words in a colour of its own ("… x" in green) marks them, and is not shown', () => {
    const bullets = { id: 1, levels: [{ format: 'bullet' as const, text: '•' }] };
    const item = (text: string, marked = false) => ({ runs: marked ? [text + ' ', { text: 'x', color: '00B050' }] : [text], list: { id: 1 } });
    const doc = parse(
      [
        '1. ¿Qué es una clase? Elige dos opciones',
        item('Un molde de objetos', true),
        item('Una plantilla con atributos', true),
        item('Una variable'),
        '2. ¿Qué es un objeto? Elige dos opciones',
        item('Una instancia de una clase', true),
        item('Un ejemplar con estado', true),
        item('Un bucle'),
      ],
      { lists: [bullets] },
    );
    const [clase] = questionsOf(doc);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, true, false],
      [true, true, false],
    ]);
    expect(clase.type === 'multiple_choice' && clase.options[0].name).toBe('<p>Un molde de objetos</p>');
  });
});

describe('one table a question', () => {
  it('"1." | text, "A." | option a row, "Kunci Jawaban = A" in the last row: each table a question with its key', () => {
    const grid = (n: number, stem: string, options: string[], key: string) => ({
      table: [[`${n}.`, stem], ...options.map((o, i) => [`${'ABCD'[i]}.`, o]), [`Kunci Jawaban = ${key}`]],
    });
    const doc = parse([
      grid(1, 'Ibu kota Indonesia adalah …', ['Jakarta', 'Bandung', 'Medan'], 'A'),
      '',
      grid(2, 'Gas mulia adalah …', ['Besi', 'Neon', 'Timah'], 'B'),
    ]);
    expect(questionsOf(doc).map((q) => q.name.replace(/<[^>]+>/g, ''))).toEqual(['Ibu kota Indonesia adalah …', 'Gas mulia adalah …']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [false, true, false],
    ]);
  });

  it('a whole paper in one table, a bare number or letter alone in the first cell ("5" | text, "А" | option): each row a line, a cell\'s paragraphs joined by a space', () => {
    const doc = parse([
      {
        table: [
          ['1', ['Орган находится в груди.', 'Какой орган качает кровь?']],
          ['А', 'Сердце'],
          ['Б', 'Печень'],
          ['В', 'Лёгкие'],
          ['2', 'Сколько камер в сердце человека?'],
          ['А', 'Две'],
          ['Б', 'Три'],
          ['В', 'Четыре'],
          ['3', 'Где образуется желчь?'],
          ['А', 'В печени'],
          ['Б', 'В почках'],
          ['В', 'В желудке'],
        ],
      },
    ]);
    // (A cell's two paragraphs read as one line, a space between them.)
    expect(stems(doc)).toEqual(['Орган находится в груди. Какой орган качает кровь?', 'Сколько камер в сердце человека?', 'Где образуется желчь?']);
    expect(questionsOf(doc).map(names)).toEqual([
      ['Сердце', 'Печень', 'Лёгкие'],
      ['Две', 'Три', 'Четыре'],
      ['В печени', 'В почках', 'В желудке'],
    ]);
  });

  it('a table of numbers beside letters is a key, not a grid of questions ("1" | "B")', () => {
    const doc = parse([
      '1. Which is red?',
      'A. sky',
      'B. blood',
      '2. Which is blue?',
      'A. sky',
      'B. blood',
      {
        table: [
          ['1', 'B'],
          ['2', 'A'],
          ['3', 'A'],
        ],
      },
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [true, false],
    ]);
  });
});

describe('numbered questions that ask over options without letters', () => {
  it('"1. ¿…?" (Word\'s number) over three short lines, in two questions or more: the lines are its options', () => {
    const numbers = { id: 18, levels: [{ format: 'decimal' as const, text: '%1.' }] };
    const ask = (text: string) => ({ runs: [text], list: { id: 18 } });
    const doc = parse(
      [ask('¿En qué año se publicó el primer libro?'), '1997', '1999', '2001', ask('¿Cómo se llama la escuela?'), 'Hogwarts', 'Durmstrang', 'Beauxbatons'],
      { lists: [numbers] },
    );
    expect(questionsOf(doc).map(names)).toEqual([
      ['1997', '1999', '2001'],
      ['Hogwarts', 'Durmstrang', 'Beauxbatons'],
    ]);
  });

  it("not over a program: its lines are the question's text", () => {
    const doc = parse([
      '1. What does this print?',
      'int a = 1;',
      'print(a);',
      'A. 1',
      'B. 0',
      '2. What does this print?',
      'int b = 2;',
      'print(b);',
      'A. 2',
      'B. 0',
    ]);
    expect(questionsOf(doc).map(names)).toEqual([
      ['1', '0'],
      ['2', '0'],
    ]);
  });
});

describe('the paper printed again with its answers', () => {
  it('under "ĐÁP ÁN", the same questions with the right letters in red answer the paper, and are not read twice', () => {
    const red = (text: string) => ({ text, color: 'FF0000' });
    const paper = (marked: boolean) => [
      'Câu 1: Loại đột biến nào làm thay đổi số lượng nhiễm sắc thể?',
      { runs: [marked ? red('A') : 'A', '. Đột biến lệch bội'] },
      'B. Đột biến gene',
      'C. Đột biến đảo đoạn',
      'Câu 2: Đơn vị cấu trúc của DNA là gì?',
      'A. Amino acid',
      { runs: [marked ? red('B') : 'B', '. Nucleotide'] },
      'C. Glucose',
      'Câu 3: Enzyme nào nối các đoạn Okazaki?',
      'A. DNA polymerase',
      'B. Helicase',
      { runs: [marked ? red('C') : 'C', '. Ligase'] },
    ];
    const doc = parse([...paper(false), 'ĐÁP ÁN', ...paper(true)]);
    expect(questionsOf(doc)).toHaveLength(3);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
    expect(doc.problems.map((p) => p.code)).toContain('answeredCopy');
    expect(doc.problems.map((p) => p.code)).not.toContain('answerNotMarked');
  });
});

describe('typed bullets before options', () => {
  it('"• …" lines are options, a star before the bullet or after the words marks the right ones, and the first may stand on the question\'s line', () => {
    const doc = parse([
      '1. Quel mot-clé déclare une constante ? • const *',
      '• var',
      '• let',
      '2. Lesquels sont des types primitifs ?',
      '*• number',
      '*• string',
      '• Array',
    ]);
    expect(stems(doc)).toEqual(['Quel mot-clé déclare une constante ?', 'Lesquels sont des types primitifs ?']);
    expect(questionsOf(doc).map(names)).toEqual([
      ['const', 'var', 'let'],
      ['number', 'string', 'Array'],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [true, true, false],
    ]);
  });
});

describe('the answer as a digit alone under the options', () => {
  it('"2" alone on the line under D) names option B, in every question; the next question needs no number', () => {
    const doc = parse([
      'La edad de Ana es 17 y la de su hermano es 7. ¿Cuál es la suma?',
      'A) 10',
      'B) 24',
      'C) 27',
      'D) 34',
      '2',
      'Un tren recorre 60 km en una hora. ¿Cuántos km recorre en tres horas?',
      'A) 120',
      'B) 150',
      'C) 180',
      'D) 240',
      '3',
    ]);
    expect(stems(doc)).toHaveLength(2);
    expect(questionsOf(doc).map(names)[0]).toEqual(['10', '24', '27', '34']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false, false],
      [false, false, true, false],
    ]);
  });

  it("digits that rise one by one are the next questions' numbers, not answers", () => {
    const doc = parse(['1', 'Which is red?', 'A) sky', 'B) blood', '2', 'Which is blue?', 'A) sky', 'B) blood', '3', 'Which is green?', 'A) grass', 'B) snow']);
    expect(stems(doc)).toEqual(['Which is red?', 'Which is blue?', 'Which is green?']);
  });
});

describe('answer keys in more languages', () => {
  it('"Відповіді:" over a Word-numbered list of entries ("1. B;") answers the questions, the ";" after each dropped', () => {
    const numbers = { id: 16, levels: [{ format: 'decimal' as const, text: '%1.' }] };
    const doc = parse(
      [
        { runs: ['Який модифікатор робить член класу видимим усюди?'], list: { id: 16 } },
        'a) private',
        'b) public',
        { runs: ['Яке ключове слово оголошує інтерфейс?'], list: { id: 16 } },
        'a) class',
        'b) interface',
        'Відповіді:',
        { runs: ['B;'], list: { id: 17 } },
        { runs: ['B;'], list: { id: 17 } },
      ],
      { lists: [numbers, { ...numbers, id: 17 }] },
    );
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [false, true],
    ]);
  });
});

describe('Chinese papers', () => {
  it('full-width stops and brackets number questions and label options ("1．", "A）", "（B）", "D．"), several options to a line', () => {
    const doc = parse([
      '1．中断控制器可以管理（   ）个中断源。',
      'A）8          B）16          C）32          D）64',
      '2．下列哪个寄存器是段寄存器？',
      '（A）AX      （B）CS      （C）SI      （D）BX',
      '3．某8086有（   ）根地址线。',
      'A．16        B．20          C．24          D．32',
    ]);
    expect(stems(doc)).toEqual(['中断控制器可以管理（   ）个中断源。', '下列哪个寄存器是段寄存器？', '某8086有（   ）根地址线。']);
    expect(questionsOf(doc).map(names)).toEqual([
      ['8', '16', '32', '64'],
      ['AX', 'CS', 'SI', 'BX'],
      ['16', '20', '24', '32'],
    ]);
  });

  it('"Q:" before an unnumbered question is no part of it, and two options on the question\'s line after its "？" or "：" are its options', () => {
    const doc = parse(['Q: 你喜欢哪种天气？ A. 晴天  B. 雨天', '', 'Q: 周末你更愿意：', 'A. 在家看书', 'B. 出门爬山']);
    expect(stems(doc)).toEqual(['你喜欢哪种天气？', '周末你更愿意：']);
    expect(questionsOf(doc).map(names)).toEqual([
      ['晴天', '雨天'],
      ['在家看书', '出门爬山'],
    ]);
  });

  it('option letters written on an underlined blank after the question\'s "：" are its answer, in three questions or more', () => {
    const u = (text: string) => ({ text, underline: true });
    const doc = parse([
      { runs: ['1. 关于回调函数说法正确的是：', u('   BCD   ')] },
      'A. 一',
      'B. 二',
      'C. 三',
      'D. 四',
      { runs: ['2. 下列说法正确的是：', u('  A  ')] },
      'A. 甲',
      'B. 乙',
      { runs: ['3. 下列属于模块的是：', u('  AB  ')] },
      'A. fs',
      'B. http',
      'C. 其他',
    ]);
    expect(stems(doc)).toEqual(['关于回调函数说法正确的是：', '下列说法正确的是：', '下列属于模块的是：']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, true, true],
      [true, false],
      [true, true, false],
    ]);
  });

  it('a key entry over its parts ("1、参考答案：" then "（1）…") stays in the key; it is no question', () => {
    const doc = parse(['1、Name the four arts.', 'A. one B. two', '参考答案', '1、参考答案：', '（1）painting: colour and line', '（2）music: sound']);
    expect(stems(doc)).toEqual(['Name the four arts.']);
  });
});

describe('programming quizzes', () => {
  it('an answer ending in one ";" keeps it; a Word-lettered option "*/" or "ans = \'y\';" is an option, not a mark or an answer line', () => {
    const letters = { id: 15, levels: [{ format: 'lowerLetter' as const, text: '%1.' }] };
    const option = (text: string) => ({ runs: [text], list: { id: 15 } });
    const doc = parse(
      [
        '1. Write the statement that prints x.',
        'Answer: System.out.println(x);',
        '2. Which symbols end a block comment?',
        option('//'),
        option('/*'),
        option('*/'),
        'Answer: c',
        '3. Which of the following are valid statements?',
        option('sum = 9;'),
        option('72 = sum;'),
        option("ans = 'y';"),
        'Answer: a',
      ],
      { lists: [letters] },
    );
    const [print, comment, valid] = questionsOf(doc);
    expect(JSON.stringify(print)).toContain('System.out.println(x);');
    expect(names(comment)).toEqual(['//', '/*', '*/']);
    expect(correct(comment)).toEqual([false, false, true]);
    expect(names(valid)).toEqual(['sum = 9;', '72 = sum;', "ans = 'y';"]);
    expect(correct(valid)).toEqual([true, false, false]);
  });
});

describe("a learning platform's export copied into Word", () => {
  it('options as table rows, a box typed before each ("☐ | | $60,400"), the ticked one ("☑") right', () => {
    const rows = (options: string[], right: number) => ({ table: options.map((o, i) => [i === right ? '☑ ' : '☐ ', '', o]) });
    const doc = parse([
      'QUESTION 1',
      'How much does the car cost after the discount?',
      rows(['$66,500', '$60,400', '$58,600'], 2),
      '1 points',
      'QUESTION 2',
      'Which measure is robust to outliers?',
      rows(['The mean', 'The median', 'The range'], 1),
      '1 points',
    ]);
    expect(questionsOf(doc).map(names)).toEqual([
      ['$66,500', '$60,400', '$58,600'],
      ['The mean', 'The median', 'The range'],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, false, true],
      [false, true, false],
    ]);
  });
});

describe("a web page's check boxes saved into Word", () => {
  it('"☐"/"☑" lines under unnumbered questions however they end, a counter ("2 / 3") and a module title between: the ticked ones right', () => {
    const doc = parse([
      '1 / 3',
      'Module 2 Networks',
      'A router works at the layer:',
      '☐ physical',
      '☑ network',
      '☐ session',
      '2 / 3',
      'Module 3 Python',
      'Choose the mutable types',
      '☑ list',
      '☐ tuple',
      '☑ dict',
      '3 / 3',
      'Module 3 Python',
      'Which keyword defines a function?',
      '☐ func',
      '☑ def',
    ]);
    expect(stems(doc)).toEqual(['A router works at the layer:', 'Choose the mutable types', 'Which keyword defines a function?']);
    expect(questionsOf(doc).map(names)).toEqual([
      ['physical', 'network', 'session'],
      ['list', 'tuple', 'dict'],
      ['func', 'def'],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [true, false, true],
      [false, true],
    ]);
  });
});

describe('bullets', () => {
  it("a line of a question's text in a list shows the bullet's own character when it means itself in any font ('-'), '•' for a symbol font's letter ('o')", () => {
    const dash = { id: 12, levels: [{ format: 'bullet' as const, text: '-' }] };
    const symbol = { id: 13, levels: [{ format: 'bullet' as const, text: 'o' }] };
    const doc = parse(
      [
        '1. Which poem is older?',
        { runs: ['The Road, by Frost'], list: { id: 12 } },
        { runs: ['Ozymandias, by Shelley'], list: { id: 13 } },
        'A. The first',
        'B. The second',
      ],
      { lists: [dash, symbol] },
    );
    expect(stems(doc)).toEqual(['Which poem is older?- The Road, by Frost• Ozymandias, by Shelley']);
  });
});

describe('a key that names nothing', () => {
  it('a key entry naming no option ("1. S02_01", a field a template left) leaves the question in, its answer unset, with a note', () => {
    const doc = parse(['1. Which is a metal?', 'A. Iron', 'B. Oxygen', '2. Which is a gas?', 'A. Neon', 'B. Lead', '정답 및 해설', '1. S02_01', '2. A']);
    const [metal, gas] = questionsOf(doc);
    expect(correct(metal)).toEqual([false, false]);
    expect(correct(gas)).toEqual([true, false]);
    const note = doc.problems.find((p) => p.code === 'keyAnswerUnreadable');
    expect(note).toMatchObject({ severity: 'warning', params: { question: '1', answer: 'S02_01' } });
    // One note for the question: not also "no answer marked".
    expect(doc.problems.filter((p) => p.params.question === '1').map((p) => p.code)).toEqual(['keyAnswerUnreadable']);
    expect(doc.problems.some((p) => p.severity === 'error')).toBe(false);
  });

  it('an answer line of the question itself that names nothing still leaves it out, named', () => {
    const doc = parse(['1. Which is a metal?', 'A. Iron', 'B. Oxygen', 'Answer: S02_01']);
    expect(questionsOf(doc)).toHaveLength(0);
    expect(doc.problems.find((p) => p.code === 'answerUnreadable')).toMatchObject({ severity: 'error' });
  });
});

describe('numbered choices that combine lettered statements', () => {
  it('"4) а, в" makes the lettered lines the question\'s text and the numbered choices its options; "1) а; 2) б" alone changes nothing', () => {
    const doc = parse([
      '1. Which of these are prime?',
      'A) two;',
      'B) four;',
      'C) five;',
      'Pick one: 1) a; 2) b; 3) c; 4) a, c.',
      '2. Which is even?',
      'A) three;',
      'B) four;',
      'C) five;',
      'Pick one: 1) a; 2) b; 3) c.',
      'Answer key: 1-4 2-B',
    ]);
    const [combined, plain] = questionsOf(doc);
    expect(
      combined.name
        .replace(/<\/?p>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe('Which of these are prime? A) two; B) four; C) five;');
    expect(names(combined)).toEqual(['a', 'b', 'c', 'a, c']);
    expect(names(plain)).toEqual(['three;', 'four;', 'five;']);
    expect(correct(plain)).toEqual([false, true, false]);
  });
});

describe('statements that end with their answer', () => {
  it('a bank of statements, one a line, each ending with V or F, under short headings that name its parts', () => {
    const doc = parse([
      '.ART',
      'The heart has four chambers. V',
      'The aorta leaves the right ventricle. F',
      "L'arteria polmonare porta sangue venoso. V",
      '.OSS',
      'The femur is the longest bone. V',
      'Adults have 300 bones. F',
    ]);
    expect(doc.sections.map((s) => s.name)).toEqual(['.ART', '.OSS']);
    const questions = questionsOf(doc);
    expect(questions.map((q) => q.type)).toEqual(Array(5).fill('true_false'));
    expect(stems(doc)).toEqual([
      'The heart has four chambers.',
      'The aorta leaves the right ventricle.',
      "L'arteria polmonare porta sangue venoso.",
      'The femur is the longest bone.',
      'Adults have 300 bones.',
    ]);
    expect(questions.map(correct)).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [true, false],
      [false, true],
    ]);
  });

  it('numbered statements answered by a word or a bracketed letter at their end', () => {
    const words = parse(['1. Water boils at 100 °C at sea level. True', '2. The Moon is a planet. False', '3. Sound needs a medium. True']);
    expect(questionsOf(words).map(correct)).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
    const bracketed = parse([
      '1. Cumi-cumi termasuk hewan bertulang belakang. (S)',
      '2. Paus bernapas dengan paru-paru. (B)',
      '3. Katak hidup di dua alam. (B)',
    ]);
    expect(questionsOf(bracketed).map(correct)).toEqual([
      [false, true],
      [true, false],
      [true, false],
    ]);
    expect(stems(bracketed)[0]).toBe('Cumi-cumi termasuk hewan bertulang belakang.');
  });

  it('options that end with a truth word, and one sentence that ends with a letter, are no such bank', () => {
    const list = { id: 4, levels: [{ format: 'lowerLetter' as const, text: '%1.', start: 1 }] };
    const options = parse(
      [
        '1. If x holds True, which expression holds False?',
        { runs: ['x or False'], list: { id: 4 } },
        { runs: ['x and False'], list: { id: 4 } },
        { runs: ['not x or not x'], list: { id: 4 } },
        { runs: ['not x or True'], list: { id: 4 } },
      ],
      { lists: [list] },
    );
    expect(questionsOf(options).map((q) => [q.type, names(q).length])).toEqual([['multiple_choice', 4]]);
    const vitamin = parse(['1. Which vitamin do we make in sunlight, unlike vitamin F', 'A. D', 'B. C', '2. Which is a fruit?', 'A. Apple', 'B. Carrot']);
    expect(questionsOf(vitamin).map((q) => q.type)).toEqual(['multiple_choice', 'multiple_choice']);
  });
});

describe('a question bank kept as a table, its header naming the right answer column', () => {
  const header = ['№', 'Savol', "To'g'ri javob", "Qo'shimcha javob", "Qo'shimcha javob", "Qo'shimcha javob"];
  const numbered = { id: 5, levels: [{ format: 'decimal' as const, text: '%1.', start: 1 }] };
  const row = (question: string, right: string, ...others: string[]) => [{ runs: [''], list: { id: 5 } }, question, right, ...others];

  it('each row a question, the right answer written out in its column, Word numbering the rows, the table cut by a page and by a box in a cell', () => {
    const doc = parse(
      [
        'ESSAY WRITING: test questions',
        {
          table: [
            header,
            row('What is an essay?', 'A short piece of writing on one subject', 'A poem', 'A letter', 'A list'),
            row('What is a thesis?', 'The main claim', 'A title', 'A quote', [{ table: [['A source']] }] as never),
            row('What is a draft?', 'A first version', 'A grade', 'A rubric', 'A deadline'),
          ],
        },
        { table: [row('What is a hook?', 'An opening that draws the reader in', 'A summary', 'A footnote', 'A heading')] },
      ],
      { lists: [numbered] },
    );
    expect(stems(doc)).toEqual(['What is an essay?', 'What is a thesis?', 'What is a draft?', 'What is a hook?']);
    expect(questionsOf(doc).map(names)).toEqual([
      ['A short piece of writing on one subject', 'A poem', 'A letter', 'A list'],
      ['The main claim', 'A title', 'A quote', 'A source'],
      ['A first version', 'A grade', 'A rubric', 'A deadline'],
      ['An opening that draws the reader in', 'A summary', 'A footnote', 'A heading'],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual(Array(4).fill([true, false, false, false]));
    expect(questionsOf(doc).map((q) => q.answerFrom)).toEqual(Array(4).fill('answerColumn'));
  });
});

describe("a learning platform's printout: each answer in a box under its question", () => {
  it('"Question 1", its text, then a one-row table whose last cell is the answer', () => {
    const doc = parse([
      { runs: [{ text: 'Question 1', bold: true }] },
      'What does cout << 7 / 2 print?',
      { table: [['', '3']] },
      { runs: [{ text: 'Question 2', bold: true }] },
      'Which header declares std::string?',
      { table: [['', '<string>']] },
      { runs: [{ text: 'Question 3', bold: true }] },
      'C++ strings can grow. True or false?',
      { table: [['', 'True']] },
    ]);
    expect(questionsOf(doc).map((q) => q.type)).toEqual(['integer', 'fill_ups', 'true_false']);
    expect(stems(doc)[1]).toBe('Which header declares std::string?');
    expect(questionsOf(doc)[2].answerFrom).toBe('answerLine');
  });
});

describe("the answer written at the end of the last option's line", () => {
  it('"D. … 答案：ABCD" and "d) … Answer: b" answer their question; the option keeps its own words', () => {
    const doc = parse([
      '1. 下列属于人工智能应用的有（_____）',
      'A. 语音识别',
      'B. 图像识别',
      'C. 机器翻译',
      'D. 自动驾驶 答案：ABCD',
      '2. Which city is the capital of France?',
      'a) Lyon',
      'b) Paris   Answer: b',
    ]);
    expect(questionsOf(doc).map(names)).toEqual([
      ['语音识别', '图像识别', '机器翻译', '自动驾驶'],
      ['Lyon', 'Paris'],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, true, true, true],
      [false, true],
    ]);
  });
});

describe('a question numbered again lower, after a worked solution', () => {
  it('"Câu 5:" with its options under it, after "Câu 100" and its explanation, is a question, not a step of the explanation', () => {
    const bullets = { id: 8, levels: [{ format: 'bullet' as const, text: '•', start: 1 }] };
    const option = (text: string) => ({ runs: [text], list: { id: 8 } });
    const doc = parse(
      [
        'Câu 100: Hệ thống tập tin phân tán là gì?',
        option('Hệ thống lưu tệp trên nhiều máy ✅'),
        option('Một ổ đĩa'),
        'Giải thích: tệp nằm trên nhiều máy.',
        '1. Bước một của lời giải.',
        'Câu 5: Ưu điểm của bản sao là gì?',
        option('Tăng độ sẵn sàng ✅'),
        option('Giảm dung lượng'),
      ],
      { lists: [bullets] },
    );
    expect(stems(doc)).toEqual(['Hệ thống tập tin phân tán là gì?', 'Ưu điểm của bản sao là gì?']);
    expect(questionsOf(doc)[0].solution).toContain('Bước một của lời giải.');
  });
});

describe('a plain mark after the right option', () => {
  it('" R" after one option of each question marks it; a capital ending options here and there does not', () => {
    const doc = parse([
      '1. Wer versteckt die Eier?',
      'A) Der Osterhase R',
      'B) Der Weihnachtsmann',
      '2. Welche Farbe hat Gras?',
      'A) Blau',
      'B) Grün R',
      '3. Wann ist Ostern?',
      'A) Im Frühling R',
      'B) Im Herbst',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
    expect(names(questionsOf(doc)[1])).toEqual(['Blau', 'Grün']);
    const vitamins = parse(['1. Which vitamin?', 'A) Vitamin C', 'B) Iron', '2. Which one?', 'A) Zinc', 'B) Vitamin D', '3. Which?', 'A) Salt', 'B) Sugar']);
    expect(questionsOf(vitamins).map(correct)).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
  });
});

describe('statements in a table whose last column is headed for a true-or-false mark', () => {
  it('"Question : …" over "| Vrai/Faux" and its statements: the statements are the options, those marked true are right', () => {
    const doc = parse([
      'Question : Quel est le masque par défaut de la classe C ?',
      {
        table: [
          ['', 'Vrai/Faux'],
          ['255.255.255.0', ''],
          ['255.255.0.0', ''],
          ['255.0.0.0', ''],
        ],
      },
      'Question : Quels protocoles sont de la couche transport ?',
      {
        table: [
          ['', 'Vrai/Faux'],
          ['TCP', 'V'],
          ['IP', 'F'],
          ['UDP', 'V'],
        ],
      },
    ]);
    expect(stems(doc)).toEqual(['Quel est le masque par défaut de la classe C ?', 'Quels protocoles sont de la couche transport ?']);
    expect(questionsOf(doc).map(names)).toEqual([
      ['255.255.255.0', '255.255.0.0', '255.0.0.0'],
      ['TCP', 'IP', 'UDP'],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, false, false],
      [true, false, true],
    ]);
  });
});

describe('a quiz in parts, each closed by its key on one line', () => {
  it('"b.(   ) …" boxes, "_____" rules after the options, and "1. B | 2. ? | 3. A" keys that Word numbers', () => {
    const numbered = { id: 6, levels: [{ format: 'decimal' as const, text: '%1.', start: 1 }] };
    const doc = parse(
      [
        'Idade Média',
        '1. Quem era o senhor feudal?',
        'a.(   ) o servo',
        'b.(   ) o dono da terra',
        '__________________________________',
        '2. O que era a suserania?',
        'a.(   ) um imposto',
        'b.(   ) um juramento',
        '__________________________________',
        '3. Onde viviam os monges?',
        'a.(   ) nos mosteiros',
        'b.(   ) nos castelos',
        'Gabarito:',
        { runs: ['B | 2. ? | 3. A'], list: { id: 6 } },
        'Idade Moderna',
        '1. Quem navegou até a Índia?',
        'a. Vasco da Gama',
        'b. Colombo',
      ],
      { lists: [numbered] },
    );
    expect(questionsOf(doc).map(names)).toEqual([
      ['o servo', 'o dono da terra'],
      ['um imposto', 'um juramento'],
      ['nos mosteiros', 'nos castelos'],
      ['Vasco da Gama', 'Colombo'],
    ]);
    expect(questionsOf(doc).map(correct).slice(0, 3)).toEqual([
      [false, true],
      [false, false],
      [true, false],
    ]);
    expect(stems(doc)[3]).toBe('Quem navegou até a Índia?');
  });
});

describe('labels typed on a Cyrillic keyboard that mean A–E', () => {
  it('"А) … В) * … С) … D) …" (Cyrillic А В С, a Latin D) are options A–D, the starred one right', () => {
    const doc = parse([
      '1. Қай сөз зат есім?',
      'А) жүгіру',
      'В) * кітап',
      'С) әдемі',
      'D) тез',
      '2. Қай сан жұп?',
      'А) үш',
      'В) бес',
      'С) * алты',
      'D) жеті',
      '3. Қай түс?',
      'А) * қызыл',
      'В) үлкен',
      'С) жақсы',
      'D) жылдам',
    ]);
    expect(questionsOf(doc).map(names)[0]).toEqual(['жүгіру', 'кітап', 'әдемі', 'тез']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false, false],
      [false, false, true, false],
      [true, false, false, false],
    ]);
  });
});

describe("a word and the question's number alone on a line, the text under it, Word's list as options", () => {
  it('"Aufgabe 6" then its text, then options 1. 2. 3. that Word numbers from 1 under each, the highlighted one right', () => {
    const numbered = { id: 9, levels: [{ format: 'decimal' as const, text: '%1.', start: 1 }] };
    const option = (text: string, yellow = false, id = 21) => ({ runs: [yellow ? { text, highlight: 'yellow' } : text], list: { id } });
    const doc = parse(
      [
        'Aufgabe 6',
        'Welche Unterlagen gehören zur Bewerbung?',
        option('Lebenslauf', true),
        option('Steuerbescheid'),
        option('Zeugnisse'),
        option('Kontoauszug'),
        'Aufgabe 7',
        'Wer zahlt die Ausbildungsvergütung?',
        option('Der Betrieb', true, 22),
        option('Die Schule', false, 22),
        option('Die Agentur', false, 22),
        'Aufgabe 8',
        'Wie lange dauert die Probezeit höchstens?',
        option('Ein Monat', false, 23),
        option('Vier Monate', true, 23),
        option('Ein Jahr', false, 23),
      ],
      { lists: [numbered], listInstances: [21, 22, 23].map((id) => ({ id, list: 9, startOverride: { start: 1 } })) },
    );
    expect(stems(doc)).toEqual([
      'Welche Unterlagen gehören zur Bewerbung?',
      'Wer zahlt die Ausbildungsvergütung?',
      'Wie lange dauert die Probezeit höchstens?',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false, false],
      [true, false, false],
      [false, true, false],
    ]);
  });
});

describe('numbers written "1.-", and numbered parts over bulleted questions', () => {
  it('"1.- ¿…?" with its answer in red on the line under it', () => {
    const red = (text: string) => ({ runs: [{ text, color: 'C00000' }] });
    const doc = parse([
      '1.- ¿Cuántos bits tiene una dirección IPv4?',
      red('32'),
      '2.- ¿Qué capa usa direcciones MAC?',
      red('Enlace de datos'),
      '3.-¿Qué protocolo resuelve nombres?',
      red('DNS'),
    ]);
    expect(stems(doc)).toEqual(['¿Cuántos bits tiene una dirección IPv4?', '¿Qué capa usa direcciones MAC?', '¿Qué protocolo resuelve nombres?']);
    expect(questionsOf(doc).map((q) => q.type)).toEqual(['integer', 'fill_ups', 'fill_ups']);
  });

  it('"Nivel 1 : Cine" heads a part whose questions are bullets that ask, options under each, the red one right', () => {
    const bullets = { id: 10, levels: [{ format: 'bullet' as const, text: '-' }] };
    const ask = (text: string) => ({ runs: [text], list: { id: 10 } });
    const red = (text: string) => ({ runs: [{ text, color: 'FF0000' }] });
    const doc = parse(
      [
        'Nivel 1 : Cine',
        ask('¿Quién dirigió Titanic?'),
        red('James Cameron'),
        'Steven Spielberg',
        'Ridley Scott',
        ask('¿En qué año se estrenó Star Wars?'),
        'En 1980',
        red('En 1977'),
        'En 1983',
        'Nivel 2 : Deporte',
        ask('¿Cuántos jugadores tiene un equipo de fútbol?'),
        'Nueve',
        red('Once'),
        'Diez',
        ask('¿Dónde se jugó el Mundial de 2010?'),
        red('Sudáfrica'),
        'Brasil',
        'Alemania',
        'Nivel 3 : Música',
        ask('¿Quién cantó Thriller?'),
        'Prince',
        red('Michael Jackson'),
        'Madonna',
      ],
      { lists: [bullets] },
    );
    expect(doc.sections.map((s) => s.name)).toEqual(['Nivel 1 : Cine', 'Nivel 2 : Deporte', 'Nivel 3 : Música']);
    expect(questionsOf(doc).map((q) => names(q).length)).toEqual([3, 3, 3, 3, 3]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [false, true, false],
      [false, true, false],
      [true, false, false],
      [false, true, false],
    ]);
  });
});

describe("a bank written for a learning platform's importer", () => {
  it('"?" before each question, "+" before its right option, "=" before the others', () => {
    const doc = parse([
      '?Qaysi shahar Oʻzbekiston poytaxti?',
      '+ Toshkent',
      '= Samarqand',
      '= Buxoro',
      '',
      '?Yilda nechta oy bor?',
      '= 10',
      '+ 12',
      '= 11',
      '',
      '?Suv necha darajada qaynaydi?',
      '+ 100',
      '= 90',
      '= 80',
    ]);
    expect(stems(doc)).toEqual(['Qaysi shahar Oʻzbekiston poytaxti?', 'Yilda nechta oy bor?', 'Suv necha darajada qaynaydi?']);
    expect(questionsOf(doc).map(names)[0]).toEqual(['Toshkent', 'Samarqand', 'Buxoro']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false, false],
      [false, true, false],
      [true, false, false],
    ]);
    expect(questionsOf(doc)[0].answerFrom).toBe('sign');
  });
});

describe('"Câu hỏi 4." numbers a question as "Câu 4." does', () => {
  it("the words are not the question's text, and the questions alternate spellings freely", () => {
    const doc = parse([
      'Câu 1. HTML là gì?',
      'A. Ngôn ngữ đánh dấu',
      'B. Ngôn ngữ lập trình',
      'Câu hỏi 2. CSS dùng để làm gì?',
      'A. Trình bày',
      'B. Lưu dữ liệu',
      'Đáp án: 1-A 2-A',
    ]);
    expect(stems(doc)).toEqual(['HTML là gì?', 'CSS dùng để làm gì?']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false],
      [true, false],
    ]);
  });
});

describe("a dot glued before the right option's label", () => {
  it('".C. 4500" marks C, and the dot is not the option\'s text', () => {
    const doc = parse([
      '1. Odam tanasida nechta suyak bor?',
      'A. 150',
      'B. 180',
      '.C. 206',
      'D. 250',
      '2. Qon qaysi organda tozalanadi?',
      '.A. Buyrak',
      'B. Oshqozon',
      'C. Teri',
      '3. Eng katta organ qaysi?',
      'A. Jigar',
      '.B. Teri',
      'C. Yurak',
    ]);
    expect(questionsOf(doc).map(names)[0]).toEqual(['150', '180', '206', '250']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, false, true, false],
      [true, false, false],
      [false, true, false],
    ]);
  });
});

describe('each answer written above its question', () => {
  it('"+ans" and the option\'s number over each question answer it; an Aiken bank\'s "ANSWER: B" after the options answers the question above', () => {
    const bullets = { id: 11, levels: [{ format: 'bullet' as const, text: 'o' }] };
    const option = (text: string) => ({ runs: [text], list: { id: 11 } });
    const doc = parse(
      [
        '+ans',
        '2',
        '1. Что такое переобучение?',
        option('Малая ошибка на тесте'),
        option('Большая ошибка на тесте'),
        '+ans',
        '1',
        '2. Что такое L2?',
        option('Штраф на веса'),
        option('Функция активации'),
        '+ans',
        '2',
        '3. Что такое эпоха?',
        option('Один шаг'),
        option('Проход по всем данным'),
      ],
      { lists: [bullets] },
    );
    expect(stems(doc)).toEqual(['Что такое переобучение?', 'Что такое L2?', 'Что такое эпоха?']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [true, false],
      [false, true],
    ]);
    const aiken = parse([
      'What is 2 + 2?',
      'A. 3',
      'B. 4',
      'ANSWER: B',
      'What is 3 + 3?',
      'A. 6',
      'B. 7',
      'ANSWER: A',
      'What is 1 + 1?',
      'A. 2',
      'B. 3',
      'ANSWER: A',
    ]);
    expect(questionsOf(aiken).map(correct)).toEqual([
      [false, true],
      [true, false],
      [true, false],
    ]);
  });
});

describe("the answer letter written in the question's own blank", () => {
  it('"…（　B　）" in three questions or more: the letter answers, and the filled blank is not the question\'s text', () => {
    const doc = parse([
      '1. 线性规划的最优解一定在（　B　）',
      'A. 内点\tB. 顶点',
      '2. 对偶问题的对偶是（  A  ）',
      'A. 原问题\tB. 新问题',
      '3. 单纯形法每步改变（　A　　）',
      'A. 一个基变量\tB. 全部变量',
    ]);
    expect(stems(doc)).toEqual(['线性规划的最优解一定在', '对偶问题的对偶是', '单纯形法每步改变']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [true, false],
      [true, false],
    ]);
    // "(A) and (B)" inside a sentence is no filled blank.
    const prose = parse(['1. Which of (A) and (B) is larger?', 'A. (A)', 'B. (B)']);
    expect(questionsOf(prose).map(correct)).toEqual([[false, false]]);
  });
});

describe("the right option's own letter typed again after it", () => {
  it('"b. 12  B" marks b in a paper that does so; the letter is not shown', () => {
    const doc = parse([
      '1. How many columns has the grid?',
      'a. 10',
      'b. 12  B',
      'c. 16',
      '2. Which class centres text?',
      'a. .text-center  A',
      'b. .center',
      '3. Which class hides?',
      'a. .show',
      'b. .visible',
      'c. .d-none  C',
    ]);
    expect(questionsOf(doc).map(names)[0]).toEqual(['10', '12', '16']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [true, false],
      [false, false, true],
    ]);
  });
});

describe('split runs everywhere do not change the reading', () => {
  it('a paper whose every run is cut mid-word reads as the same paper', () => {
    const body = ['Question 1: Which is a fruit?', 'A. Apple', 'B. Carrot', '✅ Answer: A', 'Question 2: Which is blue?', 'A. Sky', 'B. Grass', '✅ Answer: A'];
    const whole = parse(body);
    const split = parse(body, { splitRuns: true });
    expect(questionsOf(split)).toEqual(questionsOf(whole));
    expect(questionsOf(whole).map(correct)).toEqual([
      [true, false],
      [true, false],
    ]);
  });
});

describe('hostile lines cost no more than their length', () => {
  it('long runs of blanks, labels, question marks and stars are read, never stuck on', () => {
    const blanks = ' '.repeat(20_000);
    const doc = parse([
      `1. What?${blanks}`,
      `a)x${blanks}\t${blanks}`,
      `b)y${blanks}`,
      `b. y${'\t \u00a0'.repeat(5_000)}c`,
      `2    ${'? : '.repeat(5_000)}A`,
      `a. ${'*'.repeat(10_000)}`,
      `b. ${'a*'.repeat(5_000)}`,
      `//QZ1.3) ${'Question 4: '.repeat(2_000)}`,
      // Almost a key (entries, then words), and almost an answer after an option (letters, then a sign).
      `${Array.from({ length: 5_000 }, (_, i) => `${i + 1}.A  `).join('')}xyz`,
      `a) x Answer: ${'A   '.repeat(5_000)}!`,
    ]);
    // Read to the end: every paragraph is placed somewhere, and what could not be a question is named.
    expect(Object.values(doc.paragraphRoles).reduce((a, b) => a + (b ?? 0), 0)).toBe(10);
    expect(names(questionsOf(doc)[0]).slice(0, 2)).toEqual(['x', 'y']);
  });
});

describe('a round of papers from paper-shuffling tools and new sources (fourteenth session)', () => {
  const underlined = (label: string, text: string) => ({ runs: [{ text: label, underline: true }, `) ${text}`] });
  it('PHẦN II statements whose letters are underlined when true: one question of true/false parts', () => {
    const doc = parse([
      'PHẦN II. Câu trắc nghiệm đúng sai. Thí sinh chọn đúng hoặc sai ở mỗi ý a), b), c), d).',
      'Câu 1. Cho thông tin sau: nước sôi ở 100 độ.',
      underlined('a', 'Nước sôi ở 100 độ.'),
      'b) Nước đóng băng ở 10 độ.',
      underlined('c', 'Băng tan khi nóng lên.'),
      'd) Hơi nước nặng hơn nước.',
    ]);
    const [group] = questionsOf(doc);
    expect(group.type).toBe('comprehension');
    expect(group.type === 'comprehension' && group.questions.map(correct)).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [false, true],
    ]);
  });

  it("a shuffling tool's group tags, directions that list their questions one by one, a short answer written as its one option", () => {
    const doc = parse([
      'Câu 1. Thủ đô là?',
      'A. Huế',
      'B. Hà Nội',
      '<g3>',
      'Đọc thông tin và trả lời câu hỏi 2, 3',
      'Sông Hồng chảy qua Hà Nội và đổ ra biển Đông ở phía nam.',
      'Câu 2. Sông nào chảy qua Hà Nội?',
      'A. Sông Hồng',
      'B. Sông Mê Kông',
      'Câu 3. Sông đổ ra đâu?',
      'A. Biển Đông',
      'B. Hồ Tây',
      '<g1>',
      'PHẦN III. Câu trắc nghiệm trả lời ngắn.',
      'Câu 1. Hai cộng chín bằng bao nhiêu?',
      'A. 11',
    ]);
    const [first, passage] = questionsOf(doc);
    expect(names(first)).toEqual(['Huế', 'Hà Nội']);
    expect(passage.type === 'comprehension' && passage.questions.map((q) => q.name)).toEqual(['<p>Sông nào chảy qua Hà Nội?</p>', '<p>Sông đổ ra đâu?</p>']);
    expect(questionsOf(doc).at(-1)).toMatchObject({ type: 'integer', name: '<p>Hai cộng chín bằng bao nhiêu?</p>' });
  });

  it('statements of a part that marks its true ones, none marked in a question: every one false', () => {
    const doc = parse([
      'PHẦN II. Câu trắc nghiệm đúng sai.',
      'Câu 1. Cho thông tin sau: nước sôi ở 100 độ.',
      underlined('a', 'Nước sôi ở 100 độ.'),
      'b) Nước đóng băng ở 10 độ.',
      'Câu 2. Cho thông tin sau: băng lạnh.',
      'a) Băng nóng.',
      'b) Băng có màu đỏ.',
    ]);
    expect(questionsOf(doc).map((q) => (q.type === 'comprehension' ? q.questions.map(correct) : null))).toEqual([
      [
        [true, false],
        [false, true],
      ],
      [
        [false, true],
        [false, true],
      ],
    ]);
  });

  it('bold stems over unlabelled options, one highlighted, beside labelled questions and a program boxed under its lead line', () => {
    const bold = (text: string) => ({ runs: [{ text, bold: true }] });
    const marked = (text: string) => ({ runs: [{ text, highlight: 'yellow' }] });
    const doc = parse([
      bold('The JVM stands for'),
      'Java Visual Machine',
      marked('Java Virtual Machine'),
      'Joint Virtual Memory',
      '',
      bold('Select the keyword that is NOT a modifier'),
      'private',
      marked('goto'),
      'static',
      '',
      bold('Predict the output:'),
      { table: [['int x = 2;\nSystem.out.print(x * 3);']] },
      'A. 5',
      marked('B. 6'),
      '',
      bold('Select the type that holds text'),
      'int',
      marked('String'),
      'char',
    ]);
    expect(stems(doc).map((stem) => stem.replace(/<\/?b>/g, ''))).toEqual([
      'The JVM stands for',
      'Select the keyword that is NOT a modifier',
      expect.stringMatching(/^Predict the output:.*System\.out\.print/),
      'Select the type that holds text',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [false, true, false],
      [false, true],
      [false, true, false],
    ]);
  });

  it('"Question Context: 2 to 12" opens a passage, and its tables\' names in capitals are no headings', () => {
    const doc = parse([
      'Question Context: 2 to 3',
      'STUDENTS',
      'id | name | grade',
      'Q2) Which column is the key?',
      'A. id',
      'B. name',
      'Solution: A',
      'Q3) Which column holds text?',
      'A. id',
      'B. name',
      'Solution: B',
    ]);
    const [passage] = questionsOf(doc);
    expect(passage.type).toBe('comprehension');
    expect(passage.type === 'comprehension' && passage.questions.map(correct)).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('a label typed "d)." is d)', () => {
    expect(names(questionsOf(parse(['1. Pick the even one.', 'a) 3', 'b) 5', 'c) 7', 'd). 8']))[0])).toEqual(['3', '5', '7', '8']);
  });

  it('a label left empty below the last option is left out with a note, not the whole question', () => {
    const doc = parse(['1. Which keyword declares a constant?', 'a) var', 'b) const', 'c) let', 'd)', 'Answer: b']);
    expect(questionsOf(doc).map(names)).toEqual([['var', 'const', 'let']]);
    expect(doc.problems.map((p) => [p.code, p.severity])).toEqual([['emptyOptionDropped', 'warning']]);
  });

  it('"答案是：b" answers, and a question may open with its blank ("19.（ ____ ）是…")', () => {
    const doc = parse(['18.一二三（ ___ ）。', 'A. 甲', 'B. 乙', '答案是：a', '19.（ _____ ）四五六。', 'A. 丙', 'B. 丁', '答案为：b']);
    expect(stems(doc)).toEqual(['一二三（ ___ ）。', '（ _____ ）四五六。']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});

describe('a question without a number whose text runs several lines', () => {
  // Each question's Yes/No a list of its own, lettered from a) again.
  const lists = [7, 8, 9].map((id) => ({ id, levels: [{ format: 'lowerLetter' as const, text: '%1)' }] }));
  const scenario = (n: number) => [
    { runs: [{ text: `Exam item ${n}`, bold: true }] },
    'The company runs apps on its own servers and in the cloud. Each team manages its own apps.\nEvery app writes its logs to local storage.\nYou want to collect the logs in one place.\nYou use a monitoring agent on every server.\nDoes this meet the goal?',
    { runs: ['Yes'], list: { id: n } },
    { runs: [{ text: 'No', highlight: 'green' }], list: { id: n } },
    '',
  ];

  it('under a title, all its lines down to the options are its text (not the last three), and an explanation under it ends at the next title', () => {
    const explanation = 'The agent only reads the machines it runs on, so the cloud apps are left out.';
    const doc = parse([...scenario(7), explanation, ...scenario(8), explanation, ...scenario(9)], { lists });
    expect(stems(doc)).toHaveLength(3);
    for (const stem of stems(doc)) expect(stem).toMatch(/^The company runs apps.*apps\.Every app.*server\.Does this meet the goal\?$/);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [false, true],
      [false, true],
    ]);
  });
});

describe('a key table with a column for each part', () => {
  it('"S/N | Civil | Criminal" over "1 | B | D": each column answers its part in order; "BONUS" answers nothing', () => {
    const part = (name: string) => [
      { runs: [{ text: name, bold: true }] },
      '1. Which court hears it?',
      'a. High Court',
      'b. Magistrate Court',
      '2. Which rule applies?',
      'a. Order 1',
      'b. Order 2',
      '3. Who signs the writ?',
      'a. The registrar',
      'b. The judge',
    ];
    const doc = parse([
      ...part('CIVIL LITIGATION'),
      ...part('CRIMINAL LITIGATION'),
      'MARKING SCHEME',
      {
        table: [
          ['S/N', 'CIVIL LITIGATION', 'CRIMINAL LITIGATION'],
          ['1', 'B', 'A'],
          ['2', 'A', 'BONUS'],
          ['3', 'B', 'B'],
        ],
      },
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [true, false],
      [false, true],
      [true, false],
      [false, false],
      [false, true],
    ]);
  });
});

describe('titles between unnumbered questions', () => {
  it('"Science (continued)" right after an answer line heads what follows: it is no part of the next question', () => {
    const question = (stem: string) => [stem, '', 'A) one', 'B) two', 'C) three', 'Answer: B'];
    const doc = parse(['Science', ...question('How many moons has Mars?'), 'Science (continued)', ...question('How many legs has a spider?')]);
    expect(stems(doc)).toEqual(['How many moons has Mars?', 'How many legs has a spider?']);
  });
});

describe('cases between numbered questions', () => {
  const facts = (who: string) =>
    `${who} bought a house in Lagos from a seller who had no title to it. The seller received the price and left the country. ${who} then learnt that the land belonged to a family, whose head has now sued ${who} for trespass in the High Court of the State.`;
  const question = (n: number, stem: string) => [`${n}. ${stem}`, 'a. The High Court', 'b. The Magistrate Court'];

  it('a long paragraph with a numbered question right after it (or after a line of directions) is a case for the questions after it, when the paper has two or more', () => {
    const doc = parse([
      facts('Ade'),
      ...question(1, 'Which court hears the case?'),
      ...question(2, 'Which court hears an appeal?'),
      facts('Bola'),
      'Answer the following questions',
      ...question(3, 'Which court hears the case?'),
      'Answer key: 1-a 2-b 3-a',
    ]);
    const cases = doc.sections.flatMap((s) => s.questions).filter((q) => q.type === 'comprehension');
    expect(cases.map((c) => (c.type === 'comprehension' ? c.questions.length : 0))).toEqual([2, 1]);
    expect(cases[1].type === 'comprehension' && cases[1].paragraph).toContain('Bola bought a house');
  });

  it('"Answer questions 1-2 based on the above facts" under a case names its questions; an explanation under a solution line is no case', () => {
    const doc = parse([
      facts('Ade'),
      'Answer questions 1-2 based on the above facts.',
      ...question(1, 'Which court hears the case?'),
      ...question(2, 'Which court hears an appeal?'),
      ...question(3, 'Which court hears a divorce?'),
      'Solution: a',
      facts('The solution says that Chidi'),
      ...question(4, 'Which court hears the case?'),
      facts('Dayo'),
      'Answer questions 5-5 based on the above facts.',
      ...question(5, 'Which court hears the case?'),
    ]);
    const items = doc.sections.flatMap((s) => s.questions);
    expect(items.map((q) => (q.type === 'comprehension' ? `case of ${q.questions.length}` : q.type))).toEqual([
      'case of 2',
      'multiple_choice',
      'multiple_choice',
      'case of 1',
    ]);
  });
});

describe('the answer letter written in the question blank', () => {
  it('"…（ C ）、…" inside the sentence answers C and leaves a blank; at its end it goes; a question may open with it ("29、（ B ）是…")', () => {
    const options = 'A．甲    B．乙    C．丙    D．丁';
    const doc = parse(['1、中国的首都（ C ）、最大的城市是上海。', options, '2、中国的首都是（ A ）', options, '29、（ B ）是一种乐器。', options]);
    expect(stems(doc)).toEqual(['中国的首都____、最大的城市是上海。', '中国的首都是', '____是一种乐器。']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, false, true, false],
      [true, false, false, false],
      [false, true, false, false],
    ]);
  });
});

describe('a paper of one table a question', () => {
  it('"1 Which …" opening a table\'s first cell is question 1 when the numbers rise from table to table: the number is no part of its text', () => {
    // As a web quiz pastes it: the stem in the first row, the options a table nested in the second, the right one's cells shaded.
    const option = (text: string, right = false) => ['', right ? { cell: text, shading: '96FF96' } : text];
    const options = { table: [option('A house'), option('A tree', true), option('None of the above')] };
    const question = (n: number, stem: string) => [{ table: [[{ runs: [{ text: `${n} ${stem}`, bold: true }] }], [[options]]] }, ''];
    const doc = parse([
      'Chapter 1: Things',
      '',
      ...question(1, 'Which one has roots?'),
      ...question(2, 'Which one has a roof?'),
      ...question(3, 'Which one is neither?'),
    ]);
    expect(stems(doc)).toEqual(['<b>Which one has roots?</b>', '<b>Which one has a roof?</b>', '<b>Which one is neither?</b>']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true, false],
      [false, true, false],
      [false, true, false],
    ]);
  });
});

describe('a part of the paper counting again from a number above 1', () => {
  it('"23." after a last question "30." without options starts a question; a box\'s lists counting 1. 2. again stay its text', () => {
    const doc = parse([
      '29. Find the value of a + b.',
      '① 12   ② 13   ③ 14   ④ 15   ⑤ 16',
      '30. Find the number of functions f such that:',
      '1. f(1) is at most 3',
      '2. f(3) is at most f(1) + 4',
      'Calculus',
      '23. What is the limit of a(n) over 3n + 1?',
      '① 2/3   ② 1   ③ 4/3   ④ 5/3   ⑤ 2',
      '24. What is the derivative at 0?',
      'Article 1 lists the cases:',
      '1. the first case',
      '2. the second case',
      'Article 2 lists more:',
      '1. a third case',
      '2. a fourth case',
      '① 4   ② 5   ③ 6   ④ 7   ⑤ 8',
    ]);
    expect(stems(doc).map((s) => s.slice(0, 28))).toEqual([
      'Find the value of a + b.',
      // (30, with neither options nor an answer, is not uploaded: a teacher would not upload it either.)
      'What is the limit of a(n) ov',
      'What is the derivative at 0?',
    ]);
    expect(names(questionsOf(doc)[1])).toEqual(['2/3', '1', '4/3', '5/3', '2']);
    expect(questionsOf(doc)[2].name).toContain('1. a third case');
    expect(names(questionsOf(doc)[2])).toHaveLength(5);
  });
});

describe('options numbered "1)" under questions numbered "8."', () => {
  const body = [
    '7. Which tag makes a link?',
    '① a ② p ③ b ④ i',
    '8. Which tag groups inline text?',
    '1) div',
    '2) span',
    '3) p',
    '4) ul',
    '9. Which tag is a list item?',
    '1) ol',
    '2) dl',
    '3) li',
    '4) tr',
  ];
  const expectRead = (doc: ParsedDocument) => {
    expect(stems(doc)).toEqual(['Which tag makes a link?', 'Which tag groups inline text?', 'Which tag is a list item?']);
    expect(questionsOf(doc).map(names)).toEqual([
      ['a', 'p', 'b', 'i'],
      ['div', 'span', 'p', 'ul'],
      ['ol', 'dl', 'li', 'tr'],
    ]);
  };
  it("numbers in other punctuation than the questions', counting from 1 under two questions or more, are options", () => expectRead(parse(body)));
  it('under a passage numbered with a word ("Q1. Read the passage"), the questions "1." "2." that ask are questions, their "1)" lines options', () => {
    const doc = parse([
      'Q1. Read the passage and answer the questions that follow.',
      'Ethics is the study of right and wrong in the conduct of a business and of the people in it.',
      '1. What is ethics about?',
      '1) Money',
      '2) Right and wrong',
      '3) Sales',
      '2. Who does it concern?',
      '1) Machines',
      '2) Buildings',
      '3）People',
    ]);
    // The passage and its questions: one comprehension.
    const [passage] = questionsOf(doc);
    expect(passage.type).toBe('comprehension');
    expect((passage as unknown as { questions: ParsedQuestion[] }).questions.map(names)).toEqual([
      ['Money', 'Right and wrong', 'Sales'],
      ['Machines', 'Buildings', 'People'],
    ]);
  });
  it('five of them on one line, in columns ("1) loneho     2) dhone     3) uwydqu"), the bold one right', () => {
    const bold = (text: string) => ({ text, bold: true });
    const doc = parse([
      '1. He had no ___ of leaving early.',
      { runs: ['1) wish     2) hope     3) ', bold('intention'), '     4) plan     5) idea'] },
      '2. She ___ the bus every day.',
      { runs: ['1) ', bold('takes'), '     2) take     3) taking     4) took     5) taken'] },
    ]);
    expect(questionsOf(doc).map(names)).toEqual([
      ['wish', 'hope', 'intention', 'plan', 'idea'],
      ['takes', 'take', 'taking', 'took', 'taken'],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, false, true, false, false],
      [true, false, false, false, false],
    ]);
  });
  it('so are they in a paper of one table, a question and its options a cell, an empty answer cell beside', () => {
    const rows = [body.slice(0, 2), body.slice(2, 7), body.slice(7)].map((lines) => [lines.map((text) => ({ runs: [text] })), '']);
    expectRead(parse([{ table: [['Question', 'Answer'], ...rows] }]));
  });
});

describe('a box of conditions ㈎ ㈏ ㈐ under a short answer', () => {
  it('the lines that open with ㈎ ㈏ ㈐ under a bold question are its text, not unlabelled options', () => {
    const bold = (text: string) => ({ runs: [{ text, bold: true }] });
    const doc = parse([
      bold('27. Which number is the largest?'),
      '① 1   ② 2   ③ 3   ④ 4   ⑤ 5',
      bold('28. Two numbers X and Y are such that'),
      '㈎ X is at most 11',
      '㈏ Y is at least 23',
      'Which is the mean of X?',
      '① b   ② c   ③ a   ④ d   ⑤ f',
      bold('29. Find the number of functions f from X to Y such that'),
      '㈎ f is increasing',
      '㈏ f(1) is at most 3',
      '㈐ f(3) is at most f(1) + 4',
      bold('30. Find p + q.'),
      'Answer key',
      '27. ⑤',
      '28. ③',
      '29. 105',
      '30. 17',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map((q) => q.type)).toEqual(['multiple_choice', 'multiple_choice', 'integer', 'integer']);
    expect(qs[2].name).toContain('㈏ f(1) is at most 3');
  });
});

describe('an exam mixer\'s paper: one table, "Câu 1.1" | text, "A)" | option, "Đáp án" | key', () => {
  it('reads each question of the table, numbered within its part, with the key of its row', () => {
    const rows = [
      ['Câu 1.1', 'Chất nào là kim loại?'],
      ['A)', 'Oxi.'],
      ['B)', 'Natri.'],
      ['C)', 'Clo.'],
      ['D)', 'Lưu huỳnh.'],
      ['Đáp án', 'B'],
      ['Câu 1.2', 'Số oxi hoá của S trong SO2 là'],
      ['A)', '0.'],
      ['B)', '+2.'],
      ['C)', '+4.'],
      ['D)', '+6.'],
      ['Đáp án', 'C'],
      ['Câu 2.1', 'Cho các phát biểu về sắt:'],
      ['A)', 'Sắt dẫn điện.'],
      ['B)', 'Sắt tan trong nước.'],
      ['C)', 'Sắt là phi kim.'],
      ['D)', 'Sắt bị nam châm hút.'],
      ['Đáp án', 'DSSD'],
      ['Câu 3.1', 'Có bao nhiêu chất khí trong các chất sau: H2, O2, Fe, N2?'],
      ['Đáp án', '3'],
      ['Câu 3.2', 'Tổng hệ số của phản ứng là bao nhiêu?'],
      ['Đáp án', '105'],
    ];
    const doc = parse([{ table: rows }]);
    const qs = questionsOf(doc);
    expect(qs.map((q) => (q.type === 'comprehension' ? q.paragraph : q.name).replace(/<\/?p>/g, ''))).toEqual([
      'Chất nào là kim loại?',
      'Số oxi hoá của S trong SO2 là',
      'Cho các phát biểu về sắt:',
      'Có bao nhiêu chất khí trong các chất sau: H2, O2, Fe, N2?',
      'Tổng hệ số của phản ứng là bao nhiêu?',
    ]);
    expect(qs.slice(0, 2).map(correct)).toEqual([
      [false, true, false, false],
      [false, false, true, false],
    ]);
    // "Đáp án | DSSD": the statements' key, one word (Đúng/Sai typed without Vietnamese letters).
    expect(qs[2].type).toBe('comprehension');
    expect(qs.slice(3).map((q) => [q.type, q.solution])).toEqual([
      ['integer', '3'],
      ['integer', '105'],
    ]);
  });
});

describe('a true/false group keyed in one word', () => {
  it('"Đáp án: ĐSSĐ" or "DSSD" typed without Vietnamese letters makes statements a) to d) one question of true/false parts', () => {
    for (const key of ['ĐSSĐ', 'DSSD']) {
      const doc = parse([
        'Câu 1. Cho các phát biểu về kim loại:',
        'a) Sắt dẫn điện.',
        'b) Vàng tan trong nước.',
        'c) Natri là phi kim.',
        'd) Đồng có màu đỏ.',
        `Đáp án: ${key}`,
      ]);
      const [q] = questionsOf(doc);
      expect(q.type).toBe('comprehension');
      const parts = (q as unknown as { questions: { options: { name: string; isCorrect: boolean }[] }[] }).questions;
      expect(parts.map((p) => p.options.find((o) => o.isCorrect)?.name.replace(/<\/?p>/g, ''))).toEqual(['True', 'False', 'False', 'True']);
    }
  });
});

describe('true and false in more languages', () => {
  it.each([
    ['правда', 'ложь'],
    ['Certo', 'Errado'],
    ['Waar', 'Onwaar'],
    ['Tama', 'Mali'],
    ['صح', 'خطأ'],
  ])('"%s" / "%s" as the two options make a true/false question', (yes, no) => {
    const doc = parse(['1. The Earth goes round the Sun.', `A) ${yes} *`, `B) ${no}`]);
    const [q] = questionsOf(doc);
    expect(q.type).toBe('true_false');
    expect(correct(q)).toEqual([true, false]);
  });
});

describe('sums with no words over their bulleted options', () => {
  it('"3+5" over bullets, the bold one right, under "Level 1" / "Level 2" headings', () => {
    const bullets = { id: 9, levels: [{ format: 'bullet' as const, text: '-' }] };
    const item = (text: string, bold = false) => ({ runs: [{ text, bold }], list: { id: 9 } });
    const doc = parse(
      ['Level 1', '3+5', item('7'), item('8', true), item('9'), '4+8', item('12', true), item('13'), 'Level 2', '2 × 7 =', item('12'), item('14', true)],
      { lists: [bullets] },
    );
    const qs = questionsOf(doc);
    expect(qs.map((q) => q.name.replace(/<\/?p>/g, ''))).toEqual(['3+5', '4+8', '2 × 7 =']);
    expect(qs.map(correct)).toEqual([
      [false, true, false],
      [true, false],
      [false, true],
    ]);
  });
});

describe("cloze passages whose blanks' options are numbered rows", () => {
  it('"2. In the following passage…", the passage with (11) (12), then rows numbered by Word holding "1) … 2) … 3) …" in columns', () => {
    const rows = { id: 11, levels: [{ format: 'decimal' as const, text: '%1.', start: 11 }] };
    const bold = (text: string) => ({ text, bold: true });
    const doc = parse(
      [
        '2. In the following passage there are blanks, each of which has been numbered. Find the word that fits each blank.',
        'The city is (11) a new mayor. At such a time, one (12) be patient.',
        { runs: ['1) electing \t\t2) ', bold('choosing'), ' \t3) picking \t4) taking'], list: { id: 11 } },
        { runs: ['1) can \t\t2) will \t3) ', bold('must'), ' \t4) shall'], list: { id: 11 } },
        'Answer the questions below.',
        '13. Which is a colour?',
        'A. Red',
        'B. Table',
      ],
      { lists: [rows] },
    );
    const [cloze] = questionsOf(doc);
    expect(cloze.type).toBe('comprehension');
    const children = (cloze as unknown as { questions: ParsedQuestion[] }).questions;
    expect(children.map((q) => q.name.replace(/<\/?p>/g, ''))).toEqual(['(11)', '(12)']);
    expect(children.map(names)).toEqual([
      ['electing', 'choosing', 'picking', 'taking'],
      ['can', 'will', 'must', 'shall'],
    ]);
    expect(children.map(correct)).toEqual([
      [false, true, false, false],
      [false, false, true, false],
    ]);
  });
});

describe('a set that names the next questions under a question still open', () => {
  it('"[31～32] …" right under question 30 (its answer in the key at the end) starts the set: it is no words of question 30', () => {
    const doc = parse([
      '30. How many legs has a spider?',
      '* leg: a limb',
      '[31～32] Read the passage and answer the questions.',
      'Spiders spin webs to catch insects. They have eight legs.',
      '31. What do spiders spin?',
      'A. webs',
      'B. wool',
      '32. What do they catch?',
      'A. fish',
      'B. insects',
      'Answer key',
      '30. 8',
      '31. A',
      '32. B',
    ]);
    const [first, set] = questionsOf(doc);
    expect(first.name).not.toContain('[31～32]');
    expect(set.type).toBe('comprehension');
    expect((set as unknown as { questions: ParsedQuestion[] }).questions.map(correct)).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});

describe('a set whose questions each hold their own text', () => {
  it('"[36～37] Choose the best order of the text" right over "36." (no passage under it) is an instruction: 36 and 37 are questions of their own', () => {
    const doc = parse([
      '[36～37] Choose the best order of the text after the given text.',
      '36. Plants need light. (A) Then they grow. (B) First they sprout. Which order is right?',
      'A. (A)-(B)',
      'B. (B)-(A)',
      '37. Rivers flow to the sea. (A) Then they reach it. (B) First they leave the hills. Which order is right?',
      'A. (A)-(B)',
      'B. (B)-(A)',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map((q) => q.type)).toEqual(['multiple_choice', 'multiple_choice']);
    expect(doc.problems.map((p) => p.code)).toContain('instruction');
  });
});

describe('a stray full stop after the number', () => {
  it('"42. .“LRL 110” …" and "56. . Which…" lose the stray stop; ".NET …" keeps its dot', () => {
    const doc = parse([
      '42. .“LRL 110” is a code of which kind?',
      'A. a rule',
      'B. a train',
      '43. . Which one is a train?',
      'A. LRL',
      'B. FBW',
      '44. .NET is made by whom?',
      'A. Microsoft',
      'B. Apple',
    ]);
    expect(stems(doc)).toEqual(['“LRL 110” is a code of which kind?', 'Which one is a train?', '.NET is made by whom?']);
  });
});

describe('a fill-in paper whose key is underlined in its sentences', () => {
  it("each numbered sentence's underlined words are its answers and blanks; underlined words in a colour (a link) are text", () => {
    const u = (text: string) => ({ text, underline: true });
    const doc = parse([
      { runs: ['1. If it ', u('had rained'), ', we ', u('would have stayed'), ' at home.'] },
      { runs: ['2. If you ', u('heat'), ' ice, it ', u('melts'), '.'] },
      { runs: ['3. She ', u('would buy'), ' a car if she had money.'] },
      { runs: ['4. Read more on ', { text: 'the school site', underline: true, color: '0000FF' }, ' and say what you think.'] },
    ]);
    const qs = questionsOf(doc);
    expect(qs.slice(0, 3).map((q) => q.name.replace(/<\/?p>/g, ''))).toEqual([
      'If it ____, we ____ at home.',
      'If you ____ ice, it ____.',
      'She ____ a car if she had money.',
    ]);
    expect(qs.slice(0, 3).map((q) => q.type)).toEqual(['fill_ups', 'fill_ups', 'fill_ups']);
    // Each gap its own blank, answered by the underlined words.
    expect(qs.slice(0, 3).map((q) => (q.type === 'fill_ups' ? q.options.map((o) => [o.optionId, o.name]) : null))).toEqual([
      [
        ['blank-1', 'had rained'],
        ['blank-2', 'would have stayed'],
      ],
      [
        ['blank-1', 'heat'],
        ['blank-2', 'melts'],
      ],
      [['blank-1', 'would buy']],
    ]);
    // (Question 4's link is no filled gap: it has no answer, and is not uploaded.)
    expect(qs).toHaveLength(3);
    expect(doc.problems.find((p) => p.code === 'unknownType')?.params.question).toBe('4');
  });
});

describe('a part of underlined fill-ins, then a part of sentences to rewrite, each over its rewrite', () => {
  it("the rewrites answer the second part's sentences: the first part's questions, answered in their own lines, are not counted against it", () => {
    const u = (text: string) => ({ text, underline: true });
    const doc = parse([
      'Part A: Conditionals',
      { runs: ['1. If it ', u('had rained'), ', we ', u('would have stayed'), '.'] },
      { runs: ['2. If you ', u('heat'), ' ice, it ', u('melts'), '.'] },
      { runs: ['3. She ', u('would buy'), ' a car if she had money.'] },
      { runs: ['4. We ', u('will go'), ' if it is sunny.'] },
      'Part B: Reduce the clauses',
      '1. The man who lives next door is a doctor.',
      'The man next door is a doctor.',
      '2. The book which is on the table is mine.',
      'The book on the table is mine.',
      '3. The girl who is singing is my sister.',
      'The girl singing is my sister.',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map((q) => q.type)).toEqual(['fill_ups', 'fill_ups', 'fill_ups', 'fill_ups', 'fill_ups', 'fill_ups', 'fill_ups']);
    expect(qs.slice(4).map((q) => (q.type === 'fill_ups' ? q.options[0].name : null))).toEqual([
      'The man next door is a doctor',
      'The book on the table is mine',
      'The girl singing is my sister',
    ]);
  });
});
