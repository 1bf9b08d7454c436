import type { StudentAnswer } from '@shared/domain/scoring';
import type { ChildQuestion } from '@shared/domain/test/types';
import type { StudentsOn } from './sampleTest';

/**
 * The demo's class: 30 students who took the sample quiz over the last days, each with an ability,
 * and what each answers. Everything comes from one seeded random sequence, so every demo has the
 * same results (and the tests can count on them), yet they look like a class: abilities spread,
 * harder questions missed more, a few questions skipped, a wrong answer chosen among the others.
 */

export const DEMO_STUDENTS = [
  'Nguyễn Minh Anh',
  'Emma Wilson',
  '김민준',
  'Trần Thu Hà',
  'Liam Carter',
  '이서연',
  'Lê Quang Huy',
  'Olivia Brown',
  '박지훈',
  'Phạm Ngọc Lan',
  'Noah Davies',
  '최수아',
  'Hoàng Đức Minh',
  'Ava Thompson',
  '정하준',
  'Vũ Thảo Vy',
  'Lucas Evans',
  '강지우',
  'Đặng Bảo Long',
  'Mia Roberts',
  '조예린',
  'Bùi Khánh Linh',
  'Ethan Walker',
  '윤도현',
  'Đỗ Gia Bảo',
  'Sophie Hughes',
  '장서윤',
  'Ngô Phương Thảo',
  'Jack Taylor',
  '임시우',
] as const;

/** Reports students send from their result page (Report Dashboard): by student and question number (1-based, in the test's order). */
export const DEMO_REPORTS: { student: number; question: number; reason: string }[] = [
  { student: 3, question: 5, reason: 'The numbers on the picture are hard to read on my phone.' },
  { student: 6, question: 11, reason: 'Em viết “lanh” (không dấu) nhưng bị chấm sai. Có nên chấp nhận không?' },
  { student: 11, question: 15, reason: '“참/거짓” 대신 “O/X”로 표시하면 더 좋겠습니다.' },
];

/** A small seeded random sequence (mulberry32): numbers in [0, 1). */
export function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Abilities from 0.15 to 0.95, one per student, in a shuffled order. */
export function abilities(count: number, random: () => number): number[] {
  const spread = Array.from({ length: count }, (_, i) => 0.15 + (0.8 * i) / Math.max(1, count - 1));
  for (let i = spread.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [spread[i], spread[j]] = [spread[j], spread[i]];
  }
  return spread;
}

/**
 * What a student of this ability answers to the question: right with a chance that falls as the
 * question gets harder than the student is able; otherwise skipped now and then, or wrong (on a
 * question with several right answers, half of the misses are partly right). Null: skipped.
 */
export function answerOf(question: ChildQuestion, on: StudentsOn, ability: number, random: () => number): StudentAnswer | null {
  const right = random() < 1 / (1 + Math.exp(-6 * (ability - on.difficulty)));
  if (!right && random() < 0.1 + 0.25 * (1 - ability) * on.difficulty) return null;
  switch (question.type) {
    case 'multiple_choice':
    case 'true_false': {
      const correct = question.options.filter((o) => o.isCorrect).map((o) => o.id);
      const wrong = question.options.filter((o) => !o.isCorrect).map((o) => o.id);
      if (right) return { selected: correct };
      if (correct.length > 1 && random() < 0.5) return { selected: correct.filter((_, i) => i !== Math.floor(random() * correct.length)) };
      if (correct.length > 1) return { selected: [...correct.slice(0, 1), pick(random, wrong)] };
      return { selected: [pick(random, wrong)] };
    }
    case 'integer':
      return { value: right ? pick(random, on.right ?? [question.solution]) : pick(random, on.wrong ?? [String(Number(question.solution) + 1)]) };
    case 'fill_ups': {
      const blanks = [...new Set(question.options.map((o) => o.optionId))];
      const given = right ? (on.right ?? []) : (on.wrong ?? []);
      return { blanks: Object.fromEntries(blanks.map((id) => [id, given.length ? pick(random, given) : 'no idea'])) };
    }
  }
}
