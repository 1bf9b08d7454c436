import { sql, type Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { scoreAnswer, type StudentAnswer } from '@shared/domain/scoring';
import { answerableQuestions, type ChildQuestion, type Question } from '@shared/domain/test';
import { entryOf, versionQuestionsOf } from '@server/modules/analysis/digest';

/**
 * Students, submitted attempts and their answers written straight into the database (what the
 * student side writes on submit), set-based so that 100,000 attempts take seconds: one
 * INSERT ... SELECT from generate_series per table (answers in chunks of attempts). Every stored
 * answer is scored with the one scoring rule (scoreAnswer), and each attempt's score is the sum.
 *
 * Attempt i (1-based) of the seed gives, to each question, one of that question's candidate
 * answers, picked by a hash of (i, question) or by `pattern`: the same seed gives the same answers.
 * Each attempt gets its digest (server/modules/analysis/digest.ts), as a submit writes it, when
 * `questions` are all the test's questions in its order (the digest numbers them so).
 */

export interface SeedAttempts {
  orgId: string;
  testId: string;
  /** The test's questions (comprehensions give their children). */
  questions: Question[];
  attempts: number;
  /** Ids start with this (unique per seed in one database). */
  prefix?: string;
  /** Candidate answers per question id; default: each option alone, the right answer, a wrong one, and a skip. */
  candidates?: Record<string, (StudentAnswer | null)[]>;
  /** Attempts per INSERT of answers. */
  chunk?: number;
  /** The candidate attempt i (1-based) gives to question q (its index among answerable questions); default: the hash below. */
  pattern?: (i: number, questionIndex: number) => number;
  /** Attempt i's submit time (default: 30 minutes ago for all). */
  submittedAt?: (i: number) => Date;
}

export interface Seeded {
  sharedTestId: string;
  studentIds: (i: number) => string;
  attemptIds: (i: number) => string;
  /** The answer attempt i gave to a question, as stored. */
  answerOf: (i: number, questionId: string) => StudentAnswer | null;
  questions: ChildQuestion[];
}

/** Default candidate answers of a question. */
export function defaultCandidates(question: ChildQuestion): (StudentAnswer | null)[] {
  switch (question.type) {
    case 'multiple_choice':
    case 'true_false':
      return [...question.options.map((o) => ({ selected: [o.id] })), null];
    case 'integer': {
      const right = Number(question.solution || 0);
      return [{ value: String(right) }, { value: String(right + 1) }, null];
    }
    case 'fill_ups': {
      const right = Object.fromEntries(question.options.map((o) => [o.optionId, o.type === 'range' ? String(o.floor) : o.nameText || o.name]));
      const wrong = Object.fromEntries(question.options.map((o) => [o.optionId, 'no idea']));
      return [{ blanks: right }, { blanks: wrong }, null];
    }
  }
}

/** The candidate index attempt i picks for question q (same formula as the SQL below). */
const hashPick = (i: number, questionIndex: number, count: number) => (i * 7 + questionIndex * 13 + Math.floor(i / 5)) % count;

export async function seedAttempts(db: Kysely<Database>, seed: SeedAttempts): Promise<Seeded> {
  const prefix = seed.prefix ?? `seed-${seed.testId}`;
  const questions = answerableQuestions(seed.questions);
  const candidates = questions.map((q) => seed.candidates?.[q._id] ?? defaultCandidates(q));
  const digested = versionQuestionsOf(questions);
  const rows = questions.flatMap((q, qi) =>
    candidates[qi].map((answer, k) => {
      const scored = scoreAnswer(q, answer);
      return {
        q: q._id,
        qi,
        n: candidates[qi].length,
        k,
        a: answer,
        s: scored.score,
        o: scored.outcome,
        e: entryOf(digested[qi], answer, scored.score, scored.outcome),
      };
    }),
  );
  const pick = (i: number, qi: number) => (seed.pattern ? seed.pattern(i, qi) : hashPick(i, qi, candidates[qi].length));
  // A pattern's picks go to the database as a table; the hash is worked out there (100,000 attempts).
  const picks = seed.pattern
    ? sql`join jsonb_to_recordset(${JSON.stringify(
        Array.from({ length: seed.attempts }, (_, n) => questions.map((_q, qi) => ({ i: n + 1, qi, k: pick(n + 1, qi) }))).flat(),
      )}::jsonb) as p(i int, qi int, k int) on p.i = g.i and p.qi = c.qi and p.k = c.k`
    : sql`on c.k = (g.i * 7 + c.qi * 13 + g.i / 5) % c.n`;
  const times = seed.submittedAt ? JSON.stringify(Array.from({ length: seed.attempts }, (_, n) => seed.submittedAt!(n + 1).toISOString())) : null;
  const maxScore = questions.reduce((sum, q) => sum + q.marks.positive, 0);
  const sharedTestId = `${prefix}-shared`;
  const layout = JSON.stringify({ seeded: true, questionIds: questions.map((q) => q._id) });

  await db
    .insertInto('shared_tests')
    .values({ id: sharedTestId, org_id: seed.orgId, test_id: seed.testId, start_time: new Date(Date.now() - 86_400_000) })
    .onConflict((oc) => oc.column('test_id').doNothing())
    .execute();
  const shared = await db.selectFrom('shared_tests').select('id').where('test_id', '=', seed.testId).executeTakeFirstOrThrow();
  await sql`
    insert into students (id, org_id, name, contact, contact_key)
    select ${prefix} || '-s' || i, ${seed.orgId}, 'Student ' || i, ${prefix} || i || '@example.com', ${prefix} || i || '@example.com'
    from generate_series(1, ${seed.attempts}::int) as g(i)`.execute(db);
  await sql`
    insert into attempts (id, org_id, shared_test_id, test_id, student_id, token_hash, layout, started_at, submitted_at, score, max_score, scored_version)
    select ${prefix} || '-a' || i, ${seed.orgId}, ${shared.id}, ${seed.testId}, ${prefix} || '-s' || i, md5(${prefix} || i),
      ${layout}::jsonb, now() - interval '1 hour', coalesce((${times}::jsonb ->> (i - 1))::timestamptz, now() - interval '30 minutes'), 0, ${maxScore},
      (select version from tests where id = ${seed.testId})
    from generate_series(1, ${seed.attempts}::int) as g(i)`.execute(db);
  await db
    .insertInto('test_version_questions')
    .values({ test_id: seed.testId, version: sql<number>`(select version from tests where id = ${seed.testId})`, questions: JSON.stringify(digested) })
    .onConflict((oc) => oc.columns(['test_id', 'version']).doNothing())
    .execute();
  const chunk = seed.chunk ?? 10_000;
  for (let from = 1; from <= seed.attempts; from += chunk) {
    const to = Math.min(seed.attempts, from + chunk - 1);
    const candidateRows = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as c(q text, qi int, n int, k int, a jsonb, s numeric, o text, e text)`;
    await sql`
      insert into attempt_answers (attempt_id, test_id, question_id, answer, score, outcome)
      select ${prefix} || '-a' || g.i, ${seed.testId}, c.q, c.a, c.s, c.o
      from generate_series(${from}::int, ${to}::int) as g(i)
      join ${candidateRows} ${picks}
      -- An attempt's rows together, as a start writes them (a page holds rows of many questions).
      order by g.i, c.qi`.execute(db);
    await sql`
      update attempts a set digest = t.d, digest_version = a.scored_version
      from (
        select g.i, string_agg(c.e, '' order by c.qi) as d
        from generate_series(${from}::int, ${to}::int) as g(i)
        join ${candidateRows} ${picks}
        group by g.i
      ) t
      where a.id = ${prefix} || '-a' || t.i`.execute(db);
  }
  await sql`
    update attempts a set score = t.total
    from (select attempt_id, sum(score) as total from attempt_answers where test_id = ${seed.testId} and attempt_id like ${`${prefix}-a%`} group by attempt_id) t
    where a.id = t.attempt_id`.execute(db);

  return {
    sharedTestId: shared.id,
    studentIds: (i) => `${prefix}-s${i}`,
    attemptIds: (i) => `${prefix}-a${i}`,
    answerOf: (i, questionId) => {
      const qi = questions.findIndex((q) => q._id === questionId);
      return candidates[qi][pick(i, qi)];
    },
    questions,
  };
}

/** Reports of a question by students of a seed (attempt i's student reports it), or anonymous ones. */
export async function seedReports(
  db: Kysely<Database>,
  report: { orgId: string; testId: string; questionId: string; reasons: string[]; seeded?: Seeded; status?: 'REPORTED' | 'updateAvailable' | 'resolved' },
): Promise<void> {
  await db
    .insertInto('question_reports')
    .values(
      report.reasons.map((reason, i) => ({
        org_id: report.orgId,
        test_id: report.testId,
        question_id: report.questionId,
        reason,
        status: report.status ?? 'REPORTED',
        student_id: report.seeded ? report.seeded.studentIds(i + 1) : null,
        attempt_id: report.seeded ? report.seeded.attemptIds(i + 1) : null,
      })),
    )
    .execute();
}
