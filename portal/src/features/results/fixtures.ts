import type { Analysis, AnswerSheet, AttemptList, AttemptRow, AttemptsQuery, QuestionStat } from '@shared/contract/results';

/** Made-up results for the component tests: shapes of shared/contract/results.ts. */

export function attemptRow(n: number, extra: Partial<AttemptRow> = {}): AttemptRow {
  return {
    attemptId: `a${n}`,
    student: { id: `s${n}`, name: `Student ${n}`, contact: `student${n}@example.com` },
    startedAt: '2030-01-01T09:00:00.000Z',
    submittedAt: '2030-01-01T09:20:00.000Z',
    timeTakenS: 1200 + n,
    score: 10 - (n % 10),
    maxScore: 10,
    percentage: (10 - (n % 10)) * 10,
    rank: n,
    status: 'submitted',
    scoreChanges: [],
    ...extra,
  };
}

/** A server double: `total` attempts, paged and searched as asked (no sort: the server's job). */
export function attemptsServer(total: number) {
  return jest.fn(async (_id: string, query: AttemptsQuery): Promise<AttemptList> => {
    const all = Array.from({ length: total }, (_, i) => attemptRow(i + 1)).filter(
      (row) => !query.search || row.student.name.toLowerCase().includes(query.search.toLowerCase()),
    );
    const limit = Number(query.limit ?? 50);
    const page = Number(query.page ?? 1);
    return { attempts: all.slice((page - 1) * limit, page * limit), total: all.length };
  });
}

export function questionStat(number: number, extra: Partial<QuestionStat> = {}): QuestionStat {
  return {
    questionId: `q${number}`,
    number,
    sectionId: 's1',
    type: 'multiple_choice',
    text: `Question ${number} text`,
    attempted: 40,
    correct: 20,
    wrong: 15,
    skipped: 5,
    facility: 0.5,
    discrimination: 0.35,
    options: [
      { optionId: 'o1', label: 'A', isCorrect: true, chosen: 20, chosenByTop: 9, chosenByBottom: 2 },
      { optionId: 'o2', label: 'B', isCorrect: false, chosen: 15, chosenByTop: 1, chosenByBottom: 7 },
    ],
    flags: [],
    ...extra,
  };
}

export function analysisOf(extra: Partial<Analysis> = {}): Analysis {
  return {
    attempts: 40,
    mean: 61.25,
    median: 60,
    stdev: 12.5,
    highest: 100,
    lowest: 20,
    reliability: 0.81,
    distribution: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: (i + 1) * 10, count: i })),
    questions: [
      questionStat(1),
      questionStat(2, { facility: 0.1, discrimination: -0.2, flags: ['possible-wrong-key', 'negative-discrimination', 'too-hard'] }),
    ],
    ...extra,
  };
}

export function sheetOf(row: AttemptRow): AnswerSheet {
  return {
    attempt: row,
    testName: 'Algebra weekly quiz',
    questions: [
      {
        questionId: 'q1',
        number: 1,
        sectionId: 's1',
        sectionName: 'Part A',
        type: 'multiple_choice',
        question: '<p>What is $x^2$ at x = 3?</p>',
        passage: null,
        options: [
          { optionId: 'o1', text: '6', isCorrect: false },
          { optionId: 'o2', text: '9', isCorrect: true },
        ],
        answer: { selected: ['o1'] },
        rightAnswer: 'B. 9',
        marks: 0,
        maxMarks: 2,
        outcome: 'wrong',
      },
      {
        questionId: 'q2',
        number: 2,
        sectionId: 's1',
        sectionName: 'Part A',
        type: 'integer',
        question: '<p>Sides of a hexagon?</p>',
        passage: null,
        options: [],
        answer: { value: '6' },
        rightAnswer: '6',
        marks: 2,
        maxMarks: 2,
        outcome: 'correct',
      },
      {
        questionId: 'q3',
        number: 3,
        sectionId: 's2',
        sectionName: 'Part B',
        type: 'fill_ups',
        question: '<p>Fill: a ___ b</p>',
        passage: '<p>A passage about $\\pi$</p>',
        options: [],
        answer: null,
        rightAnswer: '(1) <img src=x onerror=alert(1)> $\\sqrt{2}$',
        marks: 0,
        maxMarks: 1,
        outcome: 'unattempted',
      },
    ],
  };
}
