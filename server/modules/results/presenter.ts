import type { AnswerSheet, AttemptRow, SheetQuestion } from '@shared/contract/results';
import { blanksOf, type Outcome, type StudentAnswer } from '@shared/domain/scoring';
import { htmlText } from '@shared/domain/test/html';
import type { ChildQuestion, Question, Test } from '@shared/domain/test/types';
import type { AttemptLayout } from '../students/layout';
import { orderedOptions, walkLayout } from '../students/presenter';
import type { Ranks } from './ranks';
import type { AttemptRecord, ScoreChangeRecord } from './repository';

const round2 = (n: number) => Math.round(n * 100) / 100;
const letter = (index: number) => String.fromCharCode(65 + index);

/** What an attempt's status and time depend on besides its row. */
export interface Clock {
  now: number;
  /** Saves are taken this long after a deadline (students/service.ts GRACE_MS): only then is an attempt expired. */
  graceMs: number;
}

export function statusOf(row: Pick<AttemptRecord, 'submitted_at' | 'deadline_at'>, clock: Clock): AttemptRow['status'] {
  if (row.submitted_at) return 'submitted';
  return row.deadline_at && clock.now > row.deadline_at.getTime() + clock.graceMs ? 'expired' : 'in-progress';
}

/** Seconds from start to submit; not submitted: to now, or to the deadline once it has passed. */
export function timeTakenS(row: Pick<AttemptRecord, 'started_at' | 'submitted_at' | 'deadline_at'>, now: number): number {
  const end = row.submitted_at?.getTime() ?? Math.min(now, row.deadline_at?.getTime() ?? now);
  return Math.max(0, Math.floor((end - row.started_at.getTime()) / 1000));
}

export function percentageOf(score: number, maxScore: number): number {
  return maxScore === 0 ? 0 : round2((score / maxScore) * 100);
}

export function presentAttemptRow(row: AttemptRecord, ranks: Ranks, changes: ScoreChangeRecord[], clock: Clock): AttemptRow {
  const score = Number(row.score);
  const maxScore = Number(row.max_score);
  return {
    attemptId: row.id,
    student: { id: row.student_id, name: row.name, contact: row.contact },
    startedAt: row.started_at.toISOString(),
    submittedAt: row.submitted_at?.toISOString() ?? null,
    timeTakenS: timeTakenS(row, clock.now),
    score,
    maxScore,
    percentage: percentageOf(score, maxScore),
    rank: row.submitted_at ? ranks.rankOf(score) : null,
    status: statusOf(row, clock),
    scoreChanges: changes.map((c) => ({
      publishId: c.publish_id,
      oldScore: Number(c.old_score),
      newScore: Number(c.new_score),
      at: new Date(c.at).toISOString(),
    })),
  };
}

/** A layout as the student side stores it; attempts written without one (seeded) get the test's own order. */
export function layoutOf(stored: unknown, test: Test): AttemptLayout {
  if (Array.isArray((stored as AttemptLayout | null)?.sections)) return stored as AttemptLayout;
  return {
    version: 1,
    sections: test.sections.map((s) => ({
      id: s._id,
      questions: s.questions.map((q) => (q.type === 'comprehension' ? { id: q._id, children: q.questions.map((c) => ({ id: c._id })) } : { id: q._id })),
    })),
  };
}

/** The right answer in words: the correct options as the student saw them (letter and text), the number, or each blank's accepted answers. */
function rightAnswerOf(question: ChildQuestion, options: { text: string; isCorrect: boolean }[]): string {
  switch (question.type) {
    case 'multiple_choice':
    case 'true_false':
      return options.flatMap((o, i) => (o.isCorrect ? [`${letter(i)}. ${htmlText(o.text)}`] : [])).join('; ');
    case 'integer':
      return htmlText(question.solution);
    case 'fill_ups': {
      const accepted = (id: string) =>
        question.options.filter((o) => o.optionId === id).map((o) => (o.type === 'range' ? `${o.floor} – ${o.cap}` : o.nameText || htmlText(o.name)));
      return blanksOf(question.options)
        .map((blank, i) => `(${i + 1}) ${accepted(blank.optionId).join(' / ')}`)
        .join('; ');
    }
  }
}

export interface ScoredAnswer {
  answer: StudentAnswer | null;
  score: number;
  outcome: Outcome;
}

/** Only the answer's known parts (what the student side validated and stored). */
function answerOf(answer: StudentAnswer | null): SheetQuestion['answer'] {
  if (!answer) return null;
  return {
    ...(answer.selected ? { selected: answer.selected } : {}),
    ...(answer.value !== undefined ? { value: answer.value } : {}),
    ...(answer.blanks ? { blanks: answer.blanks } : {}),
  };
}

/**
 * The answer sheet: the attempt's questions in the order the student saw them (its layout), as
 * they are now in the test, numbered as the student's page numbers them (a comprehension's own
 * questions get numbers and carry its passage; a question deleted since is left out), options
 * in the student's order, with the marks as they are now (re-evaluations included).
 */
export function presentSheet(
  test: Test,
  layout: AttemptLayout,
  byId: Map<string, Question>,
  attempt: AttemptRow,
  answers: Map<string, ScoredAnswer>,
): AnswerSheet {
  type Placed = Omit<SheetQuestion, 'sectionId' | 'sectionName'>;
  const sections = walkLayout<SheetQuestion[], Placed[]>(
    test,
    layout,
    byId,
    (sectionId, sectionName, _instructions, _index, questions) => questions.flat().map((q) => ({ ...q, sectionId, sectionName })),
    (question, placed, number, children) => {
      if (question.type === 'comprehension') return children.flat().map((child) => ({ ...child, passage: question.paragraph }));
      const options =
        question.type === 'multiple_choice' || question.type === 'true_false'
          ? orderedOptions(question.options, placed.options).map((o) => ({ optionId: o.id, text: o.name, isCorrect: o.isCorrect }))
          : [];
      const scored = answers.get(question._id) ?? { answer: null, score: 0, outcome: 'unattempted' as Outcome };
      return [
        {
          questionId: question._id,
          number,
          type: question.type,
          question: question.name,
          passage: null,
          options,
          answer: answerOf(scored.answer),
          rightAnswer: rightAnswerOf(question, options),
          marks: scored.score,
          maxMarks: question.marks.positive,
          outcome: scored.outcome,
        },
      ];
    },
  );
  return { attempt, testName: test.name, questions: sections.flat() };
}
