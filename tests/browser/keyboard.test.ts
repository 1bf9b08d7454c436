import type { Page } from 'playwright-core';
import { publishFreeTest } from '../support/studentTests';
import { readyMcq, signInEditor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, enterApp, newPage, screenshot, useServerAndBrowser, openNewTest } from '../support/browser';

/**
 * The label of what has the focus once it is back on `label`, or what has it after 5 s. Fluent
 * gives the focus back a moment after the surface has gone, later on a loaded machine.
 */
async function focusReturnsTo(page: Page, label: string): Promise<string | null> {
  await page.waitForFunction((expected) => document.activeElement?.getAttribute('aria-label') === expected, label, { timeout: 5_000 }).catch(() => undefined);
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
}

/**
 * Issue 17: keyboard-only use (Tab, Shift+Tab, Enter, Space, Escape and the arrows; no mouse) of
 * the library, the editor and the student player. Every stop Tab reaches shows a focus ring: its
 * look (outline, shadow, border, its ::before and ::after, and those of its parents) differs from
 * its look without the focus.
 */
describeInBrowser('keyboard only: library, editor, player; the Help dialog keeps the focus (issue 17)', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  /** Elements Tab reached that showed no focus ring. */
  let ringless: string[] = [];

  /** What the focused element looks like, and whether it looks different once it lost the focus. */
  async function checkRing(): Promise<void> {
    const result = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const look = () => {
        const parts: string[] = [];
        let node: HTMLElement | null = el;
        for (let i = 0; i < 4 && node; i++, node = node.parentElement) {
          for (const pseudo of [null, '::before', '::after']) {
            const s = getComputedStyle(node, pseudo);
            parts.push(
              s.outlineStyle,
              s.outlineWidth,
              s.outlineColor,
              s.boxShadow,
              s.borderTopColor,
              s.borderBottomColor,
              s.borderBottomWidth,
              s.content,
              s.opacity,
              s.transform,
            );
          }
        }
        return parts.join('|');
      };
      const focused = look();
      const name = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      // Fluent's rings are drawn at once (no transition on the ring); compare without the focus.
      el.style.transition = 'none';
      el.blur();
      const blurred = look();
      el.focus();
      el.style.transition = '';
      return focused === blurred ? name : null;
    });
    if (result) ringless.push(result);
  }

  /** Presses Tab (or Shift+Tab) until the focused element matches, checking each stop's ring. */
  async function tabTo(matches: (el: Element) => boolean, options: { back?: boolean; max?: number } = {}): Promise<void> {
    const probe = matches.toString();
    const visited: string[] = [];
    for (let i = 0; i < (options.max ?? 150); i++) {
      await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
      await checkRing();
      const found = await page.evaluate((source) => {
        const test = new Function(`return (${source})`)() as (el: Element) => boolean;
        return document.activeElement ? test(document.activeElement) : false;
      }, probe);
      if (found) return;
      visited.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el
            ? `${el.tagName.toLowerCase()}${el.dataset.testid ? `#${el.dataset.testid}` : ''}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20)}`
            : 'none';
        }),
      );
    }
    throw new Error(`Tab never reached the element (${probe}); it went through: ${visited.join(' → ')}`);
  }
  /** Tabs to the control and presses Enter on it, as a keyboard user does. */
  async function activate(matches: (el: Element) => boolean, options: { back?: boolean } = {}): Promise<void> {
    await tabTo(matches, options);
    await page.keyboard.press('Enter');
  }
  const byTestId = (id: string) => {
    const test = new Function('el', `return el.closest('[data-testid="${id}"]') !== null`) as (el: Element) => boolean;
    return test;
  };
  const byLabel = (label: string) => new Function('el', `return el.getAttribute('aria-label') === ${JSON.stringify(label)}`) as (el: Element) => boolean;
  const focusedTestId = () =>
    page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

  beforeEach(() => {
    ringless = [];
  });

  test('library: through the items, a menu with the arrows, a new folder, open a test', async () => {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    const tutor = await signInEditor(suite.server, { days: 60 });
    await tutor.call('POST', '/api/folder', { name: 'Term 1', details: '', parentFolderId: '0', isGlobal: false });
    const testId = await tutor.newTest({ name: 'Algebra quiz', parentFolderId: '0', isGlobal: false });
    await enterApp(page, tutor.account);
    await page.getByTestId('test-item').first().waitFor();

    // A new folder: the button, the name, Enter submits.
    await activate(byTestId('new-folder'));
    await page.getByTestId('folder-dialog').waitFor();
    expect(await focusedTestId()).toBe('folder-dialog');
    await page.keyboard.type('Keyboard folder');
    await page.keyboard.press('Enter');
    await page.getByTestId('folder-item').filter({ hasText: 'Keyboard folder' }).waitFor();
    await page.getByTestId('folder-dialog').waitFor({ state: 'detached' });

    // The test's menu: Enter opens it on its first item, the arrows move, Escape closes it and the focus goes back.
    await activate(byLabel('Actions for Algebra quiz'));
    await page.getByRole('menu').waitFor();
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-action'));
    await page.keyboard.press('ArrowDown');
    const second = await page.evaluate(() => document.activeElement?.getAttribute('data-action'));
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    await screenshot(page, 'keyboard-library-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await focusReturnsTo(page, 'Actions for Algebra quiz')).toBe('Actions for Algebra quiz');

    // Back (Shift+Tab) to the test's name, and Enter opens it in the editor.
    await activate((el) => el.tagName === 'A' && el.textContent === 'Algebra quiz', { back: true });
    await page.waitForURL(`**/editTest/${testId}`);
    expect(ringless).toEqual([]);
  });

  test('editor: add a question, mark the answer, save; edit it; a dialog closes on Escape', async () => {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    const tutor = await signInEditor(suite.server, { days: 60 });
    const testId = await openNewTest(page, tutor, {
      test: { name: 'Keyboard test', parentFolderId: '0', isGlobal: false },
      section: 'Part 1',
      questions: [readyMcq('First question')],
    });

    // The test menu: Enter, the arrows, Escape.
    await activate(byTestId('test-menu'));
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await focusedTestId()).toMatch(/^test-menu-/);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // Add a question: its text, two options, the second one correct, then Save.
    await activate(byTestId('add-question'));
    const dialog = page.getByTestId('question-dialog');
    await dialog.waitFor();
    await tabTo(byTestId('question-text'));
    await page.keyboard.type('Which is larger?');
    await tabTo(byTestId('option-text-0'));
    await page.keyboard.type('2');
    await tabTo(byTestId('option-text-1'));
    await page.keyboard.type('5');
    await tabTo(byTestId('option-correct-1'));
    await page.keyboard.press('Space');
    await screenshot(page, 'keyboard-editor-question');
    await activate((el) => el.getAttribute('type') === 'submit');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('question-card').nth(1).getByText('Which is larger?').waitFor();
    const saved = (await tutor.get(testId)).sections[0].questions[1];
    expect(saved.options.map((o: { isCorrect: boolean }) => o.isCorrect)).toEqual([false, true]);

    // Edit it: its edit button, the text, Save.
    await activate(byLabel('Edit question 2'));
    await dialog.waitFor();
    await tabTo(byTestId('question-text'));
    await page.keyboard.press('End');
    await page.keyboard.type(' (edited)');
    await activate((el) => el.getAttribute('type') === 'submit');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('question-card').nth(1).getByText('Which is larger? (edited)').waitFor();

    // The section's details open with Enter and close with Escape; the focus comes back.
    await activate(byLabel('Section details of Part 1'), { back: true });
    await page.getByTestId('section-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('section-dialog').waitFor({ state: 'detached' });
    expect(await focusReturnsTo(page, 'Section details of Part 1')).toBe('Section details of Part 1');
    expect(ringless).toEqual([]);
  });

  test('student player: identify, start, answer, next, mark for review, submit', async () => {
    const tutor = await signInEditor(suite.server, { days: 60 });
    const { sharedTestId } = await publishFreeTest(suite.server, tutor, {
      name: 'Keyboard quiz',
      sections: [
        {
          questions: [
            { type: 'multiple_choice', name: '<p>Pick 7</p>', options: [{ name: '4' }, { name: '7', isCorrect: true }, { name: '9' }] },
            { type: 'true_false', name: '<p>The sky is green.</p>', options: [{ name: 'True' }, { name: 'False', isCorrect: true }] },
          ],
        },
      ],
    });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await page.goto(`/t/${sharedTestId}`);
    await page.getByTestId('student-name').waitFor();
    await tabTo(byTestId('student-name'));
    await page.keyboard.type('Kim Lee');
    await tabTo(byTestId('student-contact'));
    await page.keyboard.type(`kim${Date.now()}@example.com`);
    await activate(byTestId('student-identify'));
    await page.getByTestId('student-start').waitFor();
    await activate(byTestId('student-start'));
    await page.getByTestId('student-question').waitFor();

    // Question 1: the radio group takes the arrows (4 → 7).
    await tabTo((el) => el.getAttribute('type') === 'radio');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('student-option').filter({ hasText: /^7$/ }).locator('input').isChecked()).toBe(true);
    await activate(byTestId('student-next'));
    await page.getByTestId('student-question').getByText('The sky is green.').waitFor();

    // Question 2: False, then mark it for review.
    await tabTo((el) => el.getAttribute('type') === 'radio');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('student-option').filter({ hasText: 'False' }).locator('input').isChecked()).toBe(true);
    await activate(byTestId('student-mark'));
    expect(await page.getByTestId('student-mark').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('student-nav').nth(1).getAttribute('data-state')).toMatch(/marked/i);
    await screenshot(page, 'keyboard-student-marked');

    // Submit, and confirm in the dialog.
    await activate(byTestId('student-submit'));
    await page.getByTestId('student-confirm-submit').waitFor();
    await activate(byTestId('student-confirm-submit'));
    await page.getByTestId('student-result').waitFor();
    expect(ringless).toEqual([]);
  });

  test('the Help dialog keeps the focus and stays visible to screen readers when a step (the call-back form) closes', async () => {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    const tutor = await signInEditor(suite.server, { days: 60 });
    await enterApp(page, tutor.account);
    await activate(byTestId('help-button'), { back: true });
    await page.getByTestId('help-connect').waitFor();

    /** Focus is inside the Help dialog, and neither it nor any parent is aria-hidden or inert. */
    const helpIsReachable = () =>
      page.evaluate(() => {
        const surface = document.querySelector('[data-testid^="help-"][role="dialog"]');
        if (!surface) return 'no help dialog';
        if (!surface.contains(document.activeElement)) return `focus is on ${document.activeElement?.tagName} outside the dialog`;
        for (let node: Element | null = surface; node; node = node.parentElement) {
          if (node.getAttribute('aria-hidden') === 'true') return `aria-hidden on ${node.tagName}`;
          if ((node as HTMLElement).inert) return `inert ${node.tagName}`;
        }
        return 'ok';
      });

    await activate(byTestId('request-callback'));
    await page.getByTestId('help-callBack').waitFor();
    await page.keyboard.type('9876543210');
    expect(await helpIsReachable()).toBe('ok');
    await activate(byTestId('call-me-now'));
    await page.getByTestId('help-confirmNumber').waitFor();
    // The button that was pressed went with the call-back form: the focus is on the new step's title.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'help-title');
    expect(await helpIsReachable()).toBe('ok');
    await page.keyboard.press('Enter');
    await activate((el) => el.textContent === 'Edit number');
    await page.getByTestId('help-callBack').waitFor();
    await page.waitForTimeout(100);
    expect(await helpIsReachable()).toBe('ok');

    // What's new, another dialog, opens over the page and closes: the page is not left hidden.
    await page.keyboard.press('Escape');
    await page.getByTestId('help-callBack').waitFor({ state: 'detached' });
    await activate(byTestId('whats-new-button'));
    await page.getByTestId('whats-new-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('whats-new-dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'whats-new-button', null, { timeout: 3_000 });
    await page.keyboard.press('Shift+Tab');
    await activate(byTestId('help-button'), { back: true });
    await page.getByTestId('help-connect').waitFor();
    await page.waitForTimeout(100);
    expect(await helpIsReachable()).toBe('ok');
    expect(ringless).toEqual([]);
  });
});
