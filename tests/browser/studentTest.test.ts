import { png } from '../support/pictures';
import { signInEditor, type Editor } from '../support/testEditor';
import { everyType, phone, publishFreeTest } from '../support/studentTests';
import { describeInBrowser, openInEditor, screenshot, useServerAndBrowser, waitUntil, CONTEXT_DEFAULTS } from '../support/browser';

describeInBrowser('a student takes a free test on a phone (/t/{id})', () => {
  const suite = useServerAndBrowser();
  let tutor: Editor;
  let sharedTestId: string;
  let testId: string;

  beforeAll(async () => {
    tutor = await signInEditor(suite.server, { days: 60 });
    const signed = await tutor.call('POST', '/api/v2/user/getS3SignedUrl', {
      fileName: 'chart.png',
      purpose: 'picture',
      contentType: 'image/png',
      size: png(40, 20, [0, 120, 255]).length,
    });
    const { uploadUrl, fileUrl } = signed.body.data;
    await fetch(`${suite.server.baseUrl}${uploadUrl}`, {
      method: 'PUT',
      body: new Uint8Array(png(40, 20, [0, 120, 255])),
      headers: { 'content-type': 'image/png' },
    });
    const questions = everyType();
    questions[0] = { ...questions[0], name: `<p>Which is prime? Solve $x^2 = 49$ for $x > 0$.</p><p><img src="${fileUrl}" alt="chart"></p>` };
    ({ sharedTestId, testId } = await publishFreeTest(suite.server, tutor, {
      name: 'Numbers and nature — a quiz with a rather long name for a phone screen',
      sections: [{ questions }],
      noOfAttempts: 2,
      endTime: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    }));
    await tutor.update(testId, { instructions: '<p>Answer every question. Maths like $\\frac{a}{b}$ is typeset.</p>' });
  });

  test('identify, answer every type, reload and lose the connection without losing answers, submit, see the result, report a question', async () => {
    const page = await phone(suite.browser, suite.server.baseUrl);
    await page.goto(`/t/${sharedTestId}`);
    await page.getByTestId('student-landing').waitFor();
    expect(await page.getByTestId('app-header').count()).toBe(0);
    await screenshot(page, 'student-landing-en');
    await page.getByTestId('student-identify').click();
    await page.getByText('Enter your name.').waitFor();
    await page.getByTestId('student-name').fill('Linh Nguyen');
    await page.getByTestId('student-contact').fill('Linh@Example.com');
    await page.getByTestId('student-identify').click();
    await page.getByTestId('student-instructions').waitFor();
    await page.getByText('You have 2 attempts left.').waitFor();
    expect(await page.getByTestId('student-instructions').locator('.katex').count()).toBe(1);
    await screenshot(page, 'student-instructions-en');
    await page.getByTestId('student-start').click();

    const question = page.getByTestId('student-question');
    await question.waitFor();
    await page.getByTestId('student-timer').waitFor();
    expect(await page.getByTestId('student-timer').innerText()).toMatch(/^(30:00|29:5\d)$/);
    expect(await question.locator('.katex').count()).toBeGreaterThanOrEqual(2);
    await page.waitForFunction(() => (document.querySelector('[data-testid="student-question"] img') as HTMLImageElement | null)?.naturalWidth === 40);
    // 1: single choice
    await question.getByTestId('student-option').filter({ hasText: /^7$/ }).click();
    await screenshot(page, 'student-question-en');
    await page.getByTestId('student-next').click();
    // 2: several choices
    await question.getByText('Choose all that apply.').waitFor();
    await question.getByTestId('student-option').filter({ hasText: /^2$/ }).click();
    await question.getByTestId('student-option').filter({ hasText: /^6$/ }).click();
    await page.getByTestId('student-next').click();
    // 3: true / false
    await question.getByTestId('student-option').filter({ hasText: 'False' }).click();
    await page.getByTestId('student-next').click();
    // 4: fill in the blanks, one input per blank
    const blanks = question.getByTestId('student-blank');
    expect(await blanks.count()).toBe(2);
    await blanks.nth(0).fill('2');
    await blanks.nth(1).fill('3.14');
    await page.getByTestId('student-next').click();
    // 5: integer
    await page.getByTestId('student-integer').fill('42');
    await page.getByTestId('student-integer').blur();
    await page.getByTestId('student-save-status').getByText('All answers saved').waitFor();

    // Reload: the attempt resumes with every answer, on the question the student was on (issue 17).
    await page.reload();
    await question.waitFor();
    expect(await page.getByTestId('student-integer').inputValue()).toBe('42');
    await page.getByTestId('student-nav').nth(0).click();
    expect(await question.getByTestId('student-option').filter({ hasText: /^7$/ }).locator('input').isChecked()).toBe(true);
    await page.getByTestId('student-nav').nth(3).click();
    expect(await question.getByTestId('student-blank').nth(1).inputValue()).toBe('3.14');
    await page.getByTestId('student-nav').nth(4).click();
    expect(await page.getByTestId('student-integer').inputValue()).toBe('42');

    // The connection drops: the answer waits here (also across a reload) and goes when it is back.
    await page.getByTestId('student-nav').nth(5).click();
    await question.getByText('Cats sleep a lot.').first().waitFor();
    await page.context().setOffline(true);
    await question.getByTestId('student-option').filter({ hasText: 'True' }).click();
    await page
      .getByTestId('student-save-status')
      .getByText(/1 answer waiting to send/)
      .waitFor();
    await screenshot(page, 'student-offline-en');
    await page.context().setOffline(false);
    await page.getByTestId('student-save-status').getByText('All answers saved').waitFor({ timeout: 15_000 });

    // Report from the test.
    await page.getByTestId('student-nav').nth(0).click();
    await question.getByTestId('student-report').click();
    await page.getByTestId('student-report-details').fill('Both 7 and -7 solve it');
    await page.getByTestId('student-report-send').click();
    await page.getByTestId('student-report-sent').waitFor();
    await screenshot(page, 'student-report-en');
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The page in Vietnamese.
    await page.getByTestId('language-picker').selectOption('vi');
    await page.getByText(/Câu 1 \/ 6/).waitFor();
    await screenshot(page, 'student-question-vi');
    await page.getByTestId('language-picker').selectOption('en');

    await page.getByTestId('student-submit').click();
    await page.getByTestId('student-unanswered').getByText('Every question is answered.').waitFor();
    await screenshot(page, 'student-submit-confirm-en');
    await page.getByTestId('student-confirm-submit').click();
    await page.getByTestId('student-result').waitFor();
    // 1 + 4·2/3 + 1 + 2 + 1 + 1 of 10
    expect(await page.getByTestId('student-score').innerText()).toBe('8.67 / 10');
    await screenshot(page, 'student-result-en');
    expect(await page.getByTestId('student-result-question').count()).toBe(6);
    expect(await page.locator('[data-testid="student-result-question"][data-outcome="partial"]').count()).toBe(1);
    expect(await page.locator('[data-testid="student-result-question"][data-outcome="correct"]').count()).toBe(5);

    // Report from the result page.
    await page.getByTestId('student-result-question').nth(3).getByTestId('student-report').click();
    await page.getByRole('radio', { name: 'The question is unclear' }).check();
    await page.getByTestId('student-report-send').click();
    await page.getByTestId('student-report-sent').waitFor();

    const reports = await suite.server.database.db
      .selectFrom('question_reports')
      .select(['reason', 'status', 'attempt_id'])
      .where('test_id', '=', testId)
      .orderBy('id')
      .execute();
    expect(reports.map((r) => r.reason)).toEqual(['The correct answer is wrong: Both 7 and -7 solve it', 'The question is unclear']);
    expect(reports.every((r) => r.status === 'REPORTED' && r.attempt_id)).toBe(true);

    // A reload shows the result again.
    await page.reload();
    await page.getByTestId('student-result').waitFor();
    await page.context().close();
  });

  test('the page in the browser’s language (Korean and Vietnamese), and a link that is not valid', async () => {
    const ko = await phone(suite.browser, suite.server.baseUrl, 'ko-KR');
    await ko.goto(`/t/${sharedTestId}`);
    await ko.getByText('누가 시험을 보나요?').waitFor();
    await screenshot(ko, 'student-landing-ko');
    await ko.goto('/t/not-a-test');
    await ko.getByTestId('student-error').getByText('시험 링크가 올바르지 않거나').waitFor();
    await screenshot(ko, 'student-not-found-ko');
    await ko.context().close();

    const vi = await phone(suite.browser, suite.server.baseUrl, 'vi-VN');
    await vi.goto(`/t/${sharedTestId}`);
    await vi.getByTestId('student-name').fill('Trần Thị Mai');
    await vi.getByTestId('student-contact').fill('+84 90 123 4567');
    await vi.getByTestId('student-identify').click();
    await vi.getByTestId('student-start').click();
    await vi.getByTestId('student-question').waitFor();
    await vi.getByTestId('student-nav').nth(3).click();
    await screenshot(vi, 'student-blanks-vi');
    await vi.context().close();
  });

  test('on a second phone the same e-mail needs the code sent to it; another person cannot take the attempt (issue 14)', async () => {
    const contact = 'lan.pham@example.com';
    const first = await phone(suite.browser, suite.server.baseUrl);
    await first.goto(`/t/${sharedTestId}`);
    await first.getByTestId('student-name').fill('Lan Pham');
    await first.getByTestId('student-contact').fill(contact);
    await first.getByTestId('student-identify').click();
    await first.getByTestId('student-start').click();
    await first.getByTestId('student-question').getByTestId('student-option').filter({ hasText: /^7$/ }).click();
    await first.getByTestId('student-save-status').getByText('All answers saved').waitFor();

    // Another phone, in Vietnamese: the e-mail alone is refused, with the way forward.
    const second = await phone(suite.browser, suite.server.baseUrl, 'vi-VN');
    await second.goto(`/t/${sharedTestId}`);
    await second.getByTestId('student-name').fill('Someone Else');
    await second.getByTestId('student-contact').fill(contact);
    await second.getByTestId('student-identify').click();
    await second
      .getByTestId('student-proof')
      .getByText(/đã được dùng để làm bài ở đây trên một thiết bị khác/)
      .waitFor();
    await screenshot(second, 'student-proof-required-vi');
    await second.getByTestId('student-send-code').click();
    await second.getByTestId('student-code').waitFor();
    await screenshot(second, 'student-code-vi');
    // A wrong code is said so; the stored name did not change.
    await second.getByTestId('student-code').fill('000000');
    await second.getByTestId('student-identify').click();
    await second.getByText(/Mã không đúng|Mã này đã hết hạn/).waitFor();
    const stored = await suite.server.database.db.selectFrom('students').select('name').where('contact_key', '=', contact).executeTakeFirstOrThrow();
    expect(stored.name).toBe('Lan Pham');

    // The real student, with the code from their mail, resumes the same attempt with its answer.
    await suite.server.services.mailer.settled();
    const mail = await suite.server.database.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', contact)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await second.getByTestId('student-name').fill('Lan Pham');
    await second.getByTestId('student-code').fill(/(\d{6})/.exec(mail.body)![1]);
    await second.getByTestId('student-identify').click();
    await second.getByTestId('student-start').click();
    await second.getByTestId('student-question').getByTestId('student-option').filter({ hasText: /^7$/ }).locator('input').first().waitFor();
    expect(await second.getByTestId('student-question').getByTestId('student-option').filter({ hasText: /^7$/ }).locator('input').isChecked()).toBe(true);
    await first.context().close();
    await second.context().close();
  });

  test('time runs out on the server clock: the page submits what was given by itself', async () => {
    const page = await phone(suite.browser, suite.server.baseUrl);
    await page.goto(`/t/${sharedTestId}`);
    await page.getByTestId('student-name').fill('Quick Student');
    await page.getByTestId('student-contact').fill('quick@example.com');
    await page.getByTestId('student-identify').click();
    await page.getByTestId('student-start').click();
    await page.getByTestId('student-question').getByTestId('student-option').filter({ hasText: /^7$/ }).click();
    await page.getByTestId('student-save-status').getByText('All answers saved').waitFor();
    // The attempt's deadline moves to 3 s from now (as if the time had nearly run out); a reload reads it.
    const student = await suite.server.database.db.selectFrom('students').select('id').where('contact_key', '=', 'quick@example.com').executeTakeFirstOrThrow();
    await suite.server.database.db
      .updateTable('attempts')
      .set({ deadline_at: new Date(Date.now() + 3000) })
      .where('student_id', '=', student.id)
      .execute();
    await page.reload();
    await page
      .getByTestId('student-timer')
      .getByText(/^0:0[0-3]$/)
      .waitFor();
    await page.getByTestId('student-result').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('student-score').innerText()).toBe('1 / 10');
    await page.context().close();
  });

  test('sections in order with their own time: the next opens after the section is submitted', async () => {
    const mcq = (name: string) => ({ type: 'multiple_choice', name: `<p>${name}</p>`, options: [{ name: 'Yes', isCorrect: true }, { name: 'No' }] });
    const ordered = await publishFreeTest(suite.server, tutor, {
      name: 'Two timed parts',
      sections: [
        { name: 'Listening', questions: [mcq('Part one, question one'), mcq('Part one, question two')], sectionDuration: 10 * 60_000 },
        { name: 'Reading', questions: [mcq('Part two, question one')], sectionDuration: 20 * 60_000 },
      ],
      settings: { isSectionSwitchingEnabled: false },
    });
    const page = await phone(suite.browser, suite.server.baseUrl);
    await page.goto(`/t/${ordered.sharedTestId}`);
    await page.getByTestId('student-name').fill('Ordered Student');
    await page.getByTestId('student-contact').fill('0901234567');
    await page.getByTestId('student-identify').click();
    await page.getByText('Listening: 10 min').waitFor();
    await page.getByTestId('student-start').click();
    const tabs = page.getByTestId('student-section-tab');
    await tabs.first().waitFor();
    expect(await tabs.nth(1).isDisabled()).toBe(true);
    await page.getByText('Section time left').waitFor();
    await page.getByTestId('student-question').getByTestId('student-option').filter({ hasText: 'Yes' }).click();
    await page.getByTestId('student-next').click();
    await screenshot(page, 'student-sections-en');
    await page.getByTestId('student-submit-section').click();
    await page.getByText('You cannot change the answers of Listening after this.').waitFor();
    await page.getByTestId('student-confirm-submit').click();
    await page.getByTestId('student-question').getByText('Part two, question one').waitFor();
    expect(await tabs.nth(0).isDisabled()).toBe(true);
    await page.getByTestId('student-question').getByTestId('student-option').filter({ hasText: 'Yes' }).click();
    await page.getByTestId('student-submit').click();
    await page.getByTestId('student-confirm-submit').click();
    await page.getByTestId('student-result').waitFor();
    expect(await page.getByTestId('student-score').innerText()).toBe('2 / 3');
    await page.context().close();
  });

  test('a test not open yet says when it opens', async () => {
    const later = await publishFreeTest(suite.server, tutor, { name: 'Next week', startTime: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString() });
    const page = await phone(suite.browser, suite.server.baseUrl);
    await page.goto(`/t/${later.sharedTestId}`);
    await page
      .getByTestId('student-window')
      .getByText(/has not started yet/)
      .waitFor();
    expect(await page.getByTestId('student-identify').count()).toBe(0);
    await screenshot(page, 'student-not-started-en');
    await page.context().close();
  });

  test("the tutor's preview from the editor: the same page, nothing recorded", async () => {
    const context = await suite.browser.newContext({
      ...CONTEXT_DEFAULTS,
      baseURL: suite.server.baseUrl,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    await openInEditor(page, tutor.account, testId);
    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByTestId('editor-preview').click()]);
    await preview.setViewportSize({ width: 390, height: 844 });
    await preview.getByTestId('student-preview-banner').waitFor();
    await preview.getByTestId('student-start').click();
    await preview.getByTestId('student-question').getByTestId('student-option').filter({ hasText: /^7$/ }).click();
    await screenshot(preview, 'student-preview-en');
    const before = await suite.server.database.db.selectFrom('attempts').select('id').where('test_id', '=', testId).execute();
    await preview.getByTestId('student-submit').click();
    await preview.getByTestId('student-confirm-submit').click();
    await preview.getByTestId('student-result').waitFor();
    expect(await preview.getByTestId('student-score').innerText()).toBe('1 / 10');
    await waitUntil(
      async () => (await suite.server.database.db.selectFrom('attempts').select('id').where('test_id', '=', testId).execute()).length === before.length,
    );
    await context.close();
  });
});
