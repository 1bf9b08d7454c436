import type { Page } from 'playwright-core';
import { scoreAnswer } from '@shared/domain/scoring';
import type { ChildQuestion } from '@shared/domain/test';
import { signInEditor, type Editor } from '../support/testEditor';
import { seedAttempts, seedReports, type Seeded } from '../support/seedAttempts';
import { closeEachPage, describeInBrowser, enterApp, newPage, openInEditor, screenshot, useServerAndBrowser, moveAnswerKey } from '../support/browser';

/** The Report Dashboard in Chromium, over reports and attempts seeded as students leave them. */
describeInBrowser('The Report Dashboard', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  async function reportedTest(name: string, attempts = 30): Promise<{ editor: Editor; testId: string; seeded: Seeded }> {
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name });
    const sectionId = (await editor.section(testId)).section._id;
    await editor.questions(testId, sectionId, [
      {
        type: 'multiple_choice',
        name: '<p>Which number is $\\sqrt{16}$?</p>',
        options: [{ name: '2' }, { name: '4', isCorrect: true }, { name: '8' }, { name: '16' }],
        marks: { positive: 4, negative: 1 },
        isNegativeMarkingEnabled: true,
      },
      { type: 'integer', name: '<p>How many sides has a pentagon?</p>', solution: '6', marks: { positive: 2 } },
    ]);
    const test = await editor.get(testId);
    const seeded = await seedAttempts(suite.server.database.db, { orgId: editor.account.orgId, testId, questions: test.sections[0].questions, attempts });
    return { editor, testId, seeded };
  }

  const toast = (text: string | RegExp) => page.getByTestId('toast').getByText(text).first();

  test('a tutor sees the reports, corrects the key and publishes with re-evaluate; every attempt is re-scored', async () => {
    const { editor, testId, seeded } = await reportedTest('Algebra weekly quiz');
    const [mcq, integer] = seeded.questions;
    const db = suite.server.database.db;
    await seedReports(db, {
      orgId: editor.account.orgId,
      testId,
      questionId: mcq._id,
      reasons: ['Option 4 is also right', 'Option 4 is also right', 'The square root sign is missing'],
      seeded,
    });
    await seedReports(db, { orgId: editor.account.orgId, testId, questionId: integer._id, reasons: ['A pentagon has 5 sides'], seeded });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await enterApp(page, editor.account);
    expect(await page.getByTestId('report-badge').first().textContent()).toBe('4');
    await page.getByRole('tab', { name: /Report Dashboard/ }).click();
    await page.waitForURL('**/errorReports?statusType=REPORTED');
    await page.getByTestId('reported-question').nth(1).waitFor();
    await page.waitForTimeout(1100); // KaTeX
    await screenshot(page, 'reports-list-en');
    const card = page.locator(`[data-question-id="${mcq._id}"]`);
    expect(await card.getByTestId('report-summary').textContent()).toBe('Reports: 3 · students: 3');

    // Edit to resolve: '16' is the answer wanted, not '4'.
    await moveAnswerKey(card.getByTestId('edit-to-resolve'), 1, 3);
    await card.getByTestId('edited-badge').waitFor();
    expect(await page.getByTestId('edited-count').textContent()).toBe('1 edited questions not published');
    await screenshot(page, 'reports-edited-en');

    // Leaving asks first; staying keeps the edit.
    await page.getByRole('tab', { name: 'My Library' }).click();
    await page.getByTestId('leave-dialog').waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, 'reports-leave-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('leave-dialog').waitFor({ state: 'detached' });
    expect(page.url()).toContain('errorReports');

    await card.getByTestId('save-and-resolve').click();
    const publish = page.getByTestId('publish-dialog');
    await publish.waitFor();
    expect(await publish.getByTestId('publish-option-RE_EVALUATE').isChecked()).toBe(true);
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, 'reports-publish-en');
    const before = new Map(
      (await db.selectFrom('attempts').select(['id', 'score']).where('test_id', '=', testId).execute()).map((r) => [r.id, Number(r.score)]),
    );
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await toast('Successfully Published Questions').waitFor();
    await publish.waitFor({ state: 'detached' });
    await page.locator(`[data-question-id="${mcq._id}"]`).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('[data-testid="report-badge"]')?.textContent === '1');
    await screenshot(page, 'reports-published-en');

    // Every attempt's score follows the corrected key, and each change is recorded.
    const stored = (await editor.get(testId)).sections[0].questions[0] as ChildQuestion;
    const after = await db.selectFrom('attempts').select(['id', 'score']).where('test_id', '=', testId).execute();
    const oldAnswers = new Map(seeded.questions.map((q) => [q._id, q]));
    let changed = 0;
    for (let i = 1; i <= 30; i++) {
      const id = seeded.attemptIds(i);
      const answer = seeded.answerOf(i, mcq._id);
      const delta = scoreAnswer(stored, answer).score - scoreAnswer(oldAnswers.get(mcq._id)!, answer).score;
      expect(Number(after.find((a) => a.id === id)!.score)).toBeCloseTo(before.get(id)! + delta, 5);
      if (delta) changed += 1;
    }
    expect(changed).toBeGreaterThan(0);
    const changes = await db
      .selectFrom('score_changes')
      .innerJoin('publishes', 'publishes.id', 'score_changes.publish_id')
      .select('attempt_id')
      .where('publishes.test_id', '=', testId)
      .execute();
    expect(changes).toHaveLength(changed);

    await page.getByTestId('tab-resolved').click();
    await page.locator(`[data-question-id="${mcq._id}"]`).waitFor();
    await screenshot(page, 'reports-resolved-en');
  });

  test('editing an attempted test in the editor: edits kept locally and marked, leaving asks first, published with grace marks', async () => {
    const { editor, testId, seeded } = await reportedTest('Geometry attempted', 12);
    const [mcq] = seeded.questions;
    const db = suite.server.database.db;
    // The seeded attempts are submitted ones; a student's first submit marks the test attempted.
    await db.updateTable('tests').set({ is_attempted: true, updated_at: new Date() }).where('id', '=', testId).execute();
    await seedReports(db, { orgId: editor.account.orgId, testId, questionId: mcq._id, reasons: ['Option 4 is also right'], seeded });
    const stored = await editor.get(testId);
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await openInEditor(page, editor.account, testId);
    const bar = page.getByTestId('attempted-bar');
    await bar.getByText('Students have submitted this test').waitFor();
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    await moveAnswerKey(page.getByRole('button', { name: 'Edit question 1' }), 1, 3);
    await toast('Edit kept. Publish it to apply it to the test.').waitFor();
    await page.getByTestId('attempted-edited-badge').waitFor();
    await bar.getByText('1 edited question not published').waitFor();
    // Shown as it will be, stored as it was.
    const cards = page.getByTestId('question-card');
    expect(await cards.first().locator('[data-correct="true"]').textContent()).toBe('16');
    expect((await editor.get(testId)).version).toBe(stored.version);
    await page.waitForTimeout(1100); // KaTeX
    await screenshot(page, 'editor-attempted-edited-en');

    // Leaving asks to leave without publishing or to publish; staying keeps the edit.
    await page.getByTestId('editor-back').click();
    await page.getByTestId('leave-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('leave-dialog').waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/editTest/${testId}`);

    await page.getByTestId('attempted-publish').click();
    const publish = page.getByTestId('publish-dialog');
    await publish.waitFor();
    expect(await publish.getByTestId('publish-option-NO_CHANGE').count()).toBe(1);
    await publish.getByTestId('publish-option-GRACE').check();
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, 'editor-attempted-publish-en');
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await toast('Successfully Published Questions').waitFor();
    await publish.waitFor({ state: 'detached' });
    await page.getByTestId('attempted-edited-badge').waitFor({ state: 'detached' });
    await bar.getByText('Students have submitted this test').waitFor();

    // Stored now; every attempt has the question's full marks (grace); the report is still open, as an update available.
    const after = await editor.get(testId);
    expect(after.version).toBe(stored.version + 1);
    const options = (after.sections[0].questions[0] as ChildQuestion & { options: { name: string; isCorrect: boolean }[] }).options;
    expect(options.filter((o) => o.isCorrect).map((o) => o.name)).toEqual(['16']);
    const answers = await db.selectFrom('attempt_answer_scores').select('score').where('test_id', '=', testId).where('question_id', '=', mcq._id).execute();
    expect(answers).toHaveLength(12);
    expect(answers.every((a) => Number(a.score) === 4)).toBe(true);
    const report = await db.selectFrom('question_reports').select('status').where('test_id', '=', testId).executeTakeFirstOrThrow();
    expect(report.status).toBe('updateAvailable');
    // Nothing left to publish: leaving goes straight back to the library.
    await page.getByTestId('editor-back').click();
    await page.waitForURL('**/home/local/0');
  });

  test('Vietnamese: 999+ badge, a long test name, mark as resolved; empty state', async () => {
    const { editor, testId, seeded } = await reportedTest(`Đề kiểm tra học kỳ II môn Toán lớp 12 — ${'rất dài '.repeat(12)}`, 5);
    const reasons = Array.from({ length: 1000 }, (_, i) =>
      i % 3 ? 'Đáp án sai' : 'Câu hỏi thiếu dữ kiện, không thể giải được nếu không biết thêm điều kiện của bài toán',
    );
    await seedReports(suite.server.database.db, { orgId: editor.account.orgId, testId, questionId: seeded.questions[1]._id, reasons });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: 'vi-VN' }));
    await enterApp(page, editor.account);
    expect(await page.getByTestId('report-badge').first().textContent()).toBe('999+');
    await page.goto('/home/local/0?errorReports&statusType=REPORTED');
    await page.waitForURL('**/errorReports?statusType=REPORTED');
    await page.getByTestId('reported-question').waitFor();
    expect(await page.getByTestId('report-summary').textContent()).toBe('Báo cáo: 1000');
    await screenshot(page, 'reports-long-vi');
    await page.getByTestId('mark-resolved').click();
    await page.getByTestId('reports-empty').waitFor();
    expect(await page.getByTestId('reports-empty').textContent()).toContain('Không có câu hỏi bị báo cáo');
    await page.waitForFunction(() => !document.querySelector('[data-testid="report-badge"]'));
    await screenshot(page, 'reports-empty-vi');
  });

  test('an attempted test in the editor, in Korean and in Vietnamese: the bar, the badge and the publish dialog', async () => {
    const { editor, testId } = await reportedTest('중간고사 수학', 5);
    await suite.server.database.db.updateTable('tests').set({ is_attempted: true, updated_at: new Date() }).where('id', '=', testId).execute();
    const stored = (await editor.get(testId)).version;
    const texts = {
      ko: {
        title: '학생들이 이 시험을 제출했습니다',
        edit: '1번 문제 편집',
        save: '저장',
        badge: '수정됨 · 게시 전',
        pending: '게시하지 않은 수정 문항 1개',
        publish: '문항 1개 게시',
      },
      vi: {
        title: 'Học sinh đã nộp bài kiểm tra này',
        edit: 'Sửa câu 1',
        save: 'Lưu',
        badge: 'Đã sửa · chưa xuất bản',
        pending: '1 câu hỏi đã sửa chưa được xuất bản',
        publish: 'Xuất bản 1 câu hỏi',
      },
    };
    for (const [lang, text] of Object.entries(texts)) {
      ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: lang === 'ko' ? 'ko-KR' : 'vi-VN' }));
      await openInEditor(page, editor.account, testId);
      const bar = page.getByTestId('attempted-bar');
      await bar.getByText(text.title).waitFor();
      await moveAnswerKey(page.getByRole('button', { name: text.edit, exact: true }), 1, 3, text.save);
      await page.getByTestId('attempted-edited-badge').getByText(text.badge).waitFor();
      await bar.getByText(text.pending).waitFor();
      // The bar's Publish button stays inside the bar, however the text wraps.
      const [barBox, buttonBox] = [await bar.boundingBox(), await page.getByTestId('attempted-publish').boundingBox()];
      expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(barBox!.x + barBox!.width);
      await page.waitForTimeout(1100); // KaTeX
      await screenshot(page, `editor-attempted-edited-${lang}`);
      await page.getByRole('button', { name: text.publish, exact: true }).click();
      await page.getByTestId('publish-dialog').waitFor();
      await page.waitForTimeout(400); // the dialog's fade-in
      await screenshot(page, `editor-attempted-publish-${lang}`);
      await page.context().close();
    }
    // Nothing was published: the stored test is as it was.
    expect((await editor.get(testId)).version).toBe(stored);
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
  });

  test("Korean on a phone: the reports and the what's-this explainer fit", async () => {
    const { editor, testId, seeded } = await reportedTest('중간고사 수학', 10);
    await seedReports(suite.server.database.db, {
      orgId: editor.account.orgId,
      testId,
      questionId: seeded.questions[0]._id,
      reasons: ['정답이 두 개입니다', '보기 4도 맞습니다'],
      seeded,
    });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: 'ko-KR' }));
    await page.setViewportSize({ width: 390, height: 844 });
    await enterApp(page, editor.account);
    await page.goto('/home/local/errorReports?statusType=REPORTED');
    await page.getByTestId('reported-question').waitFor();
    await page.waitForTimeout(1100);
    await screenshot(page, 'reports-phone-ko');
    // The dashboard fits the phone's width (the header scrolls its own tabs and icons).
    const fit = await page.evaluate(() => {
      const section = document.querySelector('[data-testid="report-dashboard"]')!;
      return { right: section.getBoundingClientRect().right, overflow: section.scrollWidth - section.clientWidth };
    });
    expect(fit.right).toBeLessThanOrEqual(390);
    expect(fit.overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('whats-this').click();
    await page.getByTestId('whats-this-dialog').waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, 'reports-whats-this-ko');
  });
});
