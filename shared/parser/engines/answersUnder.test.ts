import { correctFlags as correct, parseBlocks as parse, questionsOf } from '@tests/support/parsedDocx';
import type { ParsedQuestion } from '../types';

/** A paper of questions with their answers written under them, no options (answersUnder.ts). */
const answerOf = (q: ParsedQuestion) => (q.type === 'fill_ups' ? q.options.map((o) => o.name).join(' | ') : null);
const stem = (q: ParsedQuestion) => q.name.replace(/<\/?p>/g, '');

describe('questions with their answers under them', () => {
  it('"1." alone, the question on the next line, its answer under it in no look of its own', () => {
    const doc = parse([
      '1.',
      '¿Qué comando instala un paquete?',
      'npm install',
      '2.',
      'El archivo de dependencias se llama:',
      'package.json',
      '3.',
      '¿Qué palabra declara una constante?',
      '',
      'const',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map(stem)).toEqual(['¿Qué comando instala un paquete?', 'El archivo de dependencias se llama:', '¿Qué palabra declara una constante?']);
    expect(qs.map((q) => q.type)).toEqual(['fill_ups', 'fill_ups', 'fill_ups']);
    expect(qs.map(answerOf)).toEqual(['npm install', 'package.json', 'const']);
  });

  it('questions with no number, as bullets, each over its answer; a number typed alone above one numbers it', () => {
    const bullets = { id: 4, levels: [{ format: 'bullet' as const, text: '•' }] };
    const doc = parse(
      [
        { runs: ['Welche Ports nutzt HTTP?'], list: { id: 4 } },
        '80 und 443',
        { runs: ['Was ist DNS?'], list: { id: 4 } },
        'Die Namensauflösung im Netz',
        { runs: ['7'], list: { id: 4 } },
        'Wie viele Schichten hat das OSI-Modell?',
        'Sieben',
      ],
      { lists: [bullets] },
    );
    const qs = questionsOf(doc);
    expect(qs.map(stem)).toEqual(['Welche Ports nutzt HTTP?', 'Was ist DNS?', 'Wie viele Schichten hat das OSI-Modell?']);
    expect(qs.map(answerOf)).toEqual(['80 und 443', 'Die Namensauflösung im Netz', 'Sieben']);
  });

  it('numbered sentences to rewrite, each over its rewritten sentence: the sentence is the question, the line under it its answer', () => {
    const doc = parse([
      'Rewrite the sentences to make them shorter.',
      '1. The meeting, which was very long, ended late.',
      'The long meeting ended late.',
      '2. The man who lives next door is a doctor.',
      'The man next door is a doctor.',
      '3. She spoke in a way that was kind.',
      'She spoke kindly.',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map(stem)).toEqual([
      'The meeting, which was very long, ended late.',
      'The man who lives next door is a doctor.',
      'She spoke in a way that was kind.',
    ]);
    // (A fill-in's answer drops its final full stop.)
    expect(qs.map(answerOf)).toEqual(['The long meeting ended late', 'The man next door is a doctor', 'She spoke kindly']);
  });

  it('"Q: …?" over "A: …": the answer is the words after "A:"', () => {
    const doc = parse([
      'Q: Where does the suspect live?',
      'A: Chicago',
      '',
      'Q: When did the file change?',
      'A: April 21, 2017',
      '',
      'Q: Who sent the mail?',
      'A: Carla',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map(stem)).toEqual(['Where does the suspect live?', 'When did the file change?', 'Who sent the mail?']);
    expect(qs.map(answerOf)).toEqual(['Chicago', 'April 21, 2017', 'Carla']);
  });

  it('options without labels under each question (two or more lines) stay options, the marked one right', () => {
    const doc = parse([
      'Which planet is the largest?',
      'Mars',
      { runs: [{ text: 'Jupiter', bold: true }] },
      'Venus',
      '',
      'Which gas do plants take in?',
      { runs: [{ text: 'Carbon dioxide', bold: true }] },
      'Oxygen',
      'Helium',
      '',
      'Which metal is liquid?',
      'Iron',
      'Copper',
      { runs: [{ text: 'Mercury', bold: true }] },
    ]);
    const qs = questionsOf(doc);
    expect(qs.map((q) => q.type)).toEqual(['multiple_choice', 'multiple_choice', 'multiple_choice']);
    expect(qs.map(correct)).toEqual([
      [false, true, false],
      [true, false, false],
      [false, false, true],
    ]);
  });
});
