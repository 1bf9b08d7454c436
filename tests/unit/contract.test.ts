import type { StudentAnswer } from '@shared/domain/scoring';
import { loginBody } from '@shared/contract/auth';
import { createSharedTestBody, updateSharedTestBody } from '@shared/contract/freeTests';
import { childrenQuery, moveBody } from '@shared/contract/library';
import { fontCheckQuery } from '@shared/contract/parser';
import { listQuery, saveAndResolveBody } from '@shared/contract/corrections';
import { saveAnswerBody, type StudentQuestion, type StudentResultQuestion } from '@shared/contract/students';
import { createQuestionsBody, reorderRemarkBody, updateTestBody } from '@shared/contract/editor';
import type { Equals } from '@shared/contract/typeCheck';

// The recursive shapes (a comprehension holds questions) are inferred, not `any`.
true satisfies Equals<NonNullable<StudentQuestion['children']>[number]['marks'], { positive: number; negative: number; negativeUnattempted: number }>;
true satisfies Equals<NonNullable<StudentResultQuestion['children']>[number]['answer'], StudentAnswer | null>;

/** Requests as the portal and the add-in send them, read by the contract the server validates with. */
test('the request schemas read the bodies the clients send', () => {
  expect(loginBody.parse({ orgCode: ' ORG1 ', email: 'a@b.c', password: 'x' }).orgCode).toBe('ORG1');
  expect(childrenQuery.parse({ showRecent: 'true', tags: '["a","b","a"]', testLimit: '20' })).toMatchObject({
    showRecent: true,
    isGlobal: false,
    tags: ['a', 'b'],
    testLimit: 20,
  });
  expect(moveBody.parse({ destinationFolderId: 'f2', testIds: ['t1'] })).toMatchObject({
    parentFolderId: '0',
    selectAll: false,
    folderIds: [],
    testIds: ['t1'],
  });
  expect(fontCheckQuery.parse({ face: ['  Times   New Roman ', 'Mangal'] }).face).toEqual(['Times New Roman', 'Mangal']);
  expect(listQuery.parse({ testIds: 't1,t2' })).toEqual({ testIds: ['t1', 't2'], statusType: 'REPORTED', limit: 20, offset: 0 });
  expect(createSharedTestBody.parse({ testId: 't1', startTime: '2026-01-31T09:00:00Z' }).testId).toBe('t1');
  expect(updateSharedTestBody.safeParse({}).success).toBe(false);
  expect(saveAnswerBody.parse({ answer: { selected: ['o1'] }, seq: 3 })).toEqual({ answer: { selected: ['o1'] }, seq: 3 });
  const question = { type: 'multiple_choice', name: '<p>2 + 2?</p><script>x()</script>', options: [{ name: '4', isCorrect: true }] };
  const created = createQuestionsBody.parse({ testId: 't1', sectionId: 's1', questions: [question] });
  expect(created.questions[0].name).toBe('<p>2 + 2?</p>');
  expect(saveAndResolveBody.parse({ test: { _id: 't1', version: 2 }, questions: [{ question: { ...question, _id: 'q1' } }] })).toMatchObject({
    resolve: true,
    dryRun: false,
    questions: [{ publishOption: 'RE_EVALUATE' }],
  });
  expect(reorderRemarkBody.parse({ type: 'mark', testId: 't1', sectionId: 's1', questionIds: ['q1'], marks: { positive: 2 } }).type).toBe('mark');
  expect(updateTestBody.safeParse({ testId: 't1', version: 1 }).error?.issues[0].message).toMatch(/give at least one of/);
});
