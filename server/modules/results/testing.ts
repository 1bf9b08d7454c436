import { publishFreeTest, studentOf } from '@tests/support/studentTests';
import type { Editor } from '@tests/support/testEditor';
import type { TestServer } from '@tests/support/testServer';

/** Test helpers of the results module's API tests (*.test.ts beside this file). */

/** Every answerable question of a student's attempt view, comprehension children flattened. */
export const answerable = (attempt: any): any[] => attempt.sections.flatMap((s: any) => s.questions.flatMap((q: any) => (q.children ? q.children : [q])));

/** The option of a question (as the student page shows it) whose text has `text`. */
export const option = (question: any, text: string) => ({ selected: [question.options.find((o: any) => o.name.includes(text)).id] });

/**
 * A student takes the free test through the real calls: starts, saves what `choose` answers to
 * each question (null: skipped), and submits unless told not to.
 */
export async function takeTest(
  server: TestServer,
  sharedTestId: string,
  identity: { name: string; contact: string },
  choose: (question: any) => unknown,
  options: { submit?: boolean } = {},
) {
  const student = studentOf(server, sharedTestId, { name: identity.name, contact: identity.contact });
  const start = await student.start();
  if (start.status !== 200) throw new Error(`start: ${JSON.stringify(start.body)}`);
  const attempt = start.body.data.attempt;
  for (const question of answerable(attempt)) {
    const answer = choose(question);
    if (answer === null || answer === undefined) continue;
    const saved = await student.save(question.id, answer);
    if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
  }
  if (options.submit !== false) {
    const submitted = await student.submit();
    if (submitted.status !== 200) throw new Error(`submit: ${JSON.stringify(submitted.body)}`);
  }
  return { attemptId: attempt.attemptId as string, attempt, student };
}

/** Three one-mark questions, each with a right and a wrong option (named so a student can pick). */
export const threeQuestions = () =>
  [1, 2, 3].map((n) => ({ type: 'multiple_choice', name: `<p>Question ${n}</p>`, options: [{ name: `right ${n}`, isCorrect: true }, { name: `wrong ${n}` }] }));

export async function quizOf(server: TestServer, tutor: Editor, name = 'Results quiz') {
  return publishFreeTest(server, tutor, { name, sections: [{ questions: threeQuestions() }] });
}

/** A GET of the results calls as `who`, with a query. */
export const resultsCall = (who: Editor, sharedTestId: string, path: string, query: Record<string, string | number> = {}, lang?: string) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return who.call('GET', `/api/v2/shared-test/${sharedTestId}/${path}${search ? `?${search}` : ''}`, undefined, lang);
};
