import type { TestServer } from '../support/testServer';
import { startWithEditor, readyMcq, signInEditor, type Editor } from '../support/testEditor';
import { DEFAULT_TEST_SETTINGS } from '@shared/domain/testSettings';

let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor({ flags: { is_shared_global: true } })));
afterAll(() => server.close());

const update = (body: Record<string, unknown>, as = tutor, lang?: string) => as.call('PATCH', '/api/v2/test/update', body, lang);

describe('GET /api/v2/test/{id}', () => {
  test('a new test: the defaults, version 1, no section, and it becomes a recent test', async () => {
    const id = await tutor.newTest({ name: 'Fresh' });
    await server.database.db.updateTable('tests').set({ opened_at: null }).where('id', '=', id).execute();
    const test = await tutor.get(id);
    expect(test).toMatchObject({
      _id: id,
      name: 'Fresh',
      duration: 1_800_000,
      parentFolder: '0',
      sections: [],
      totalMarks: 0,
      totalNumberOfQuestions: 0,
      isAttempted: false,
      isGlobal: false,
      isReadyToLink: false,
      isMultilingual: false,
      testType: 'CMS',
      languagesList: ['English'],
      attempts: -1,
      grades: [],
      version: 1,
      previewUrl: `http://localhost/t/preview/${id}`,
      fonts: { list: [], include: false },
    });
    expect(test.settings).toEqual({
      ...DEFAULT_TEST_SETTINGS,
      isSectionalSubmit: false,
      generateRandomTest: false,
      settingsForRTG: {},
      shuffleQuestions: false,
      shuffleOptions: false,
      isSolutionMultipleViewEnabled: true,
      hasOptionalQuestions: false,
      fonts: { list: [], include: false },
    });
    const root = await tutor.call('GET', '/api/folder/childrens/0?showRecent=true');
    expect(root.body.data.recentTests.map((t: { _id: string }) => t._id)).toContain(id);
  });

  test('a test that never stored settings starts with the owner default settings', async () => {
    const own = await signInEditor(server);
    await own.call('PATCH', '/api/v2/user/update-default-settings', { settings: { orderOfQuestions: 'shuffle_both', revealAnswersTime: 'later' } });
    const test = await own.get(await own.newTest());
    expect(test.settings).toMatchObject({
      orderOfQuestions: 'shuffle_both',
      shuffleQuestions: true,
      shuffleOptions: true,
      isSolutionMultipleViewEnabled: false,
    });
  });

  test('a new test keeps the defaults it started with: changing them later changes new tests only', async () => {
    const own = await signInEditor(server);
    await own.call('PATCH', '/api/v2/user/update-default-settings', { settings: { showAnswers: false, isSectionSwitchingEnabled: false } });
    const before = await own.newTest();
    await own.call('PATCH', '/api/v2/user/update-default-settings', { settings: { showAnswers: true, orderOfQuestions: 'shuffle_options' } });
    const after = await own.newTest();
    expect((await own.get(before)).settings).toMatchObject({
      showAnswers: false,
      isSectionSwitchingEnabled: false,
      orderOfQuestions: 'do_nothing',
      shuffleOptions: false,
    });
    expect((await own.get(after)).settings).toMatchObject({
      showAnswers: true,
      isSectionSwitchingEnabled: false,
      orderOfQuestions: 'shuffle_options',
      shuffleOptions: true,
    });
    // The stored row holds them (not worked out again on each read).
    const row = await server.database.db.selectFrom('tests').select('content').where('id', '=', before).executeTakeFirstOrThrow();
    expect((row.content as { settings: { showAnswers: boolean } }).settings.showAnswers).toBe(false);
    // A colleague's defaults are theirs: the tutor's new test keeps the spec's.
    expect((await tutor.get(await tutor.newTest())).settings).toMatchObject(DEFAULT_TEST_SETTINGS);
  });

  test("a new Global Library test starts from the CLP defaults, not its maker's own", async () => {
    const clp = await signInEditor(server, { clpEditor: true, flags: { is_shared_global: true } });
    await clp.call('PATCH', '/api/v2/user/update-default-settings', { settings: { showSolutions: false } });
    const db = server.database.db;
    await db
      .insertInto('app_settings')
      .values({ key: 'clp-default-settings', value: JSON.stringify({ revealAnswersTime: 'later' }) })
      .execute();
    try {
      const id = await clp.newTest({ isGlobal: true });
      expect((await clp.get(id)).settings).toMatchObject({ revealAnswersTime: 'later', isSolutionMultipleViewEnabled: false, showSolutions: true });
      expect((await clp.get(await clp.newTest())).settings).toMatchObject({ revealAnswersTime: 'now', showSolutions: false });
    } finally {
      await db.deleteFrom('app_settings').where('key', '=', 'clp-default-settings').execute();
    }
  });

  test('another organisation, a colleague or a missing id: 404 with what is missing', async () => {
    const id = await tutor.newTest();
    const outsider = await signInEditor(server);
    for (const res of [await outsider.call('GET', `/api/v2/test/${id}`), await tutor.call('GET', '/api/v2/test/nope')]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'This test does not exist, or it is not in your library.' });
    }
    const section = await outsider.call('POST', '/api/v2/test/section/create', { testId: id });
    expect(section.status).toBe(404);
    expect((await tutor.get(id)).sections).toEqual([]);
  });

  test('401 without a session', async () => {
    const res = await server.call('GET', '/api/v2/test/x');
    expect(res.status).toBe(401);
  });
});

describe('PATCH /api/v2/test/update', () => {
  test('details: name, tags, duration, attempts; the library shows them; the version goes up', async () => {
    const id = await tutor.newTest();
    const res = await update({ testId: id, version: 1, name: '  Algebra I ', tags: ['maths', 'maths', 'grade 9'], duration: 5_400_000, attempts: 3 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ message: 'Updated Test Details Successfully', version: 2, totalMarks: 0 });
    expect(res.body.data.test).toMatchObject({ name: 'Algebra I', tags: ['maths', 'grade 9'], duration: 5_400_000, attempts: 3, version: 2 });
    const listing = await tutor.call('GET', '/api/folder/childrens/0?testLimit=100');
    expect(listing.body.data.tests.testsArray.find((t: { _id: string }) => t._id === id)).toMatchObject({ name: 'Algebra I', duration: 5_400_000 });
  });

  test('instructions are sanitised; the message says what was updated', async () => {
    const id = await tutor.newTest();
    const res = await update({ testId: id, version: 1, instructions: '<p onclick="x()">Read <b>all</b> $x^2$</p><script>steal()</script>' });
    expect(res.body.data.message).toBe('Updated Test Instructions Successfully');
    expect(res.body.data.test.instructions).toBe('<p>Read <b>all</b> $x^2$</p>');
  });

  test('grades: stored in order; overlapping bands are refused naming the field', async () => {
    const id = await tutor.newTest();
    const grades = [
      { name: 'A', from: 80, to: 100 },
      { name: 'B', from: 60, to: 79.99 },
    ];
    const res = await update({ testId: id, version: 1, grades });
    expect(res.body.data).toMatchObject({ message: 'Grades Updated', test: { grades } });
    const bad = await update({ testId: id, version: 2, grades: [...grades, { name: 'C', from: 70, to: 75 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('grades.2.from');
  });

  test('settings: the rules of spec section 4 apply', async () => {
    const id = await tutor.newTest();
    const section = (await tutor.section(id, { name: 'S' })).section;
    let version = 2;
    const settings = async (value: Record<string, unknown>) => {
      const res = await update({ testId: id, version, settings: value });
      if (res.status === 200) version = res.body.data.version;
      return res;
    };
    const later = await settings({ revealAnswersTime: 'later' });
    expect(later.body.data.message).toBe('Test Settings Updated Successfully');
    expect(later.body.data.test.settings.isSolutionMultipleViewEnabled).toBe(false);
    expect((await settings({ revealAnswersTime: 'now' })).body.data.test.settings.isSolutionMultipleViewEnabled).toBe(true);
    expect((await settings({ shuffle: 'both' })).body.data.test.settings).toMatchObject({
      orderOfQuestions: 'shuffle_both',
      shuffleQuestions: true,
      shuffleOptions: true,
    });

    expect((await settings({ generateRandomTest: true })).status).toBe(200);
    const blocked = await settings({ isSectionSwitchingEnabled: false });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: 'RTG_ACTIVE', message: 'Disable RTG first, then change this setting, then regenerate random test.' });
    expect((await settings({ generateRandomTest: false })).status).toBe(200);
    expect((await settings({ isSectionSwitchingEnabled: false })).body.data.test.settings.isSectionSwitchingEnabled).toBe(false);

    await settings({ hasOptionalQuestions: true });
    await tutor.call('PATCH', '/api/v2/test/section/update', { testId: id, sectionId: section._id, version, hasOptionalQuestions: true });
    version += 1;
    expect((await tutor.get(id)).sections[0].hasOptionalQuestions).toBe(true);
    const off = await settings({ hasOptionalQuestions: false });
    expect(off.body.data.test.sections[0].hasOptionalQuestions).toBe(false);
  });

  test('RTG totals: sections of the test, no more than they hold', async () => {
    const id = await tutor.newTest();
    const { section } = await tutor.section(id);
    await tutor.questions(id, section._id, [readyMcq(), readyMcq()]);
    const tooMany = await update({ testId: id, version: 3, settings: { generateRandomTest: true, settingsForRTG: { [section._id]: { totalQuestions: 3 } } } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: `settings.settingsForRTG.${section._id}.totalQuestions` }] });
    expect(tooMany.body.message).toBe('This section has only 2 questions; a random test cannot draw more.');
    const unknown = await update({ testId: id, version: 3, settings: { settingsForRTG: { other: { totalQuestions: 1 } } } });
    expect(unknown.body.details[0].field).toBe('settings.settingsForRTG.other');
    const ok = await update({ testId: id, version: 3, settings: { generateRandomTest: true, settingsForRTG: { [section._id]: { totalQuestions: 2 } } } });
    expect(ok.body.data.test.settings.settingsForRTG).toEqual({ [section._id]: { totalQuestions: 2 } });
  });

  test('fonts (also settings.fonts)', async () => {
    const id = await tutor.newTest();
    const res = await update({ testId: id, version: 1, fonts: { list: [{ face: 'Shruti', supported: false }], include: true } });
    expect(res.body.data.test.fonts).toEqual({ list: [{ face: 'Shruti', supported: false }], include: true });
    expect(res.body.data.test.settings.fonts).toEqual(res.body.data.test.fonts);
  });

  test('a stale update is refused with 409 and changes nothing; the fresh copy goes through', async () => {
    const id = await tutor.newTest({ name: 'Shared draft' });
    const tabA = await update({ testId: id, version: 1, name: 'Tab A' });
    expect(tabA.status).toBe(200);
    const tabB = await update({ testId: id, version: 1, name: 'Tab B' });
    expect(tabB.status).toBe(409);
    expect(tabB.body).toEqual({
      code: 'TEST_CHANGED',
      message:
        'This test was changed elsewhere (in another tab or by another tutor) since you opened it: you edited version 1, it is now at version 2. Reload the test, then make your change again.',
    });
    const vi = await update({ testId: id, version: 1, name: 'Tab B' }, tutor, 'vi');
    expect(vi.body.message).toMatch(/phiên bản 1.*phiên bản 2/);
    expect((await tutor.get(id)).name).toBe('Tab A');
    expect((await update({ testId: id, version: 2, name: 'Tab B' })).body.data.version).toBe(3);
  });

  test('version is required; an update must change something; bad values name their field', async () => {
    const id = await tutor.newTest();
    const cases: [Record<string, unknown>, string][] = [
      [{ testId: id, name: 'x' }, 'version'],
      [{ testId: id, version: 1 }, 'name'],
      [{ testId: id, version: 1, name: '' }, 'name'],
      [{ testId: id, version: 1, duration: -1 }, 'duration'],
      [{ testId: id, version: 1, attempts: 0 }, 'attempts'],
      [{ testId: id, version: 1, settings: { revealAnswersTime: 'soon' } }, 'settings.revealAnswersTime'],
      [{ testId: id, version: 1, settings: { shuffel: 'both' } }, 'settings.shuffel'],
      [{ testId: id, version: 1, tags: ['x'.repeat(51)] }, 'tags.0'],
    ];
    for (const [body, field] of cases) {
      const res = await update(body);
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  test('folder: moves the test within its library; an unknown folder is 404', async () => {
    const folder = (await tutor.call('POST', '/api/folder', { name: 'Editor tests' })).body.data._id;
    const id = await tutor.newTest();
    const moved = await update({ testId: id, version: 1, parentFolderId: folder });
    expect(moved.body.data.test.parentFolder).toBe(folder);
    const listing = await tutor.call('GET', `/api/folder/childrens/${folder}`);
    expect(listing.body.data.tests.testsArray.map((t: { _id: string }) => t._id)).toEqual([id]);
    expect((await update({ testId: id, version: 2, parentFolderId: '0' })).body.data.test.parentFolder).toBe('0');
    const missing = await update({ testId: id, version: 3, parentFolderId: 'nope' });
    expect(missing.status).toBe(404);
  });

  test('multilingual: TB tests need the flag; more than one language needs a TB test', async () => {
    const id = await tutor.newTest();
    const refused = await update({ testId: id, version: 1, testType: 'TB_TEST' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FEATURE_DISABLED');
    const cms = await update({ testId: id, version: 1, languages: ['English', 'Hindi'] });
    expect(cms.status).toBe(400);
    expect(cms.body.details[0].field).toBe('languages');

    const tb = await signInEditor(server, { flags: { is_tb_test_enabled: true } });
    const tbId = await tb.newTest();
    const { section } = await tb.section(tbId);
    await tb.questions(tbId, section._id, [readyMcq('Capital of France?')]);
    const res = await update(
      { testId: tbId, version: 3, testType: 'TB_TEST', languages: ['English', 'Hindi'], translations: { Hindi: { name: 'परीक्षा' } } },
      tb,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.test).toMatchObject({ isMultilingual: true, languagesList: ['English', 'Hindi'], translations: { Hindi: { name: 'परीक्षा' } } });
    expect(res.body.data.test.sections[0].questions[0].translations.English.name).toBe('Capital of France?');
    const unknown = await update({ testId: tbId, version: 4, translations: { French: { name: 'Examen' } } }, tb);
    expect(unknown.body.details[0].field).toBe('translations.French');
  });
});

describe('access', () => {
  test('403 SUBSCRIPTION_EXPIRED at 0 remaining days, for reads and writes', async () => {
    const expiring = await signInEditor(server);
    const id = await expiring.newTest();
    await server.database.db
      .updateTable('organizations')
      .set({ subscription_ends_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.account.orgId)
      .execute();
    for (const [method, path, body] of [
      ['GET', `/api/v2/test/${id}`, undefined],
      ['PATCH', '/api/v2/test/update', { testId: id, version: 1, name: 'x' }],
      ['POST', '/api/v2/test/section/create', { testId: id }],
      ['POST', '/api/v2/question/create', { testId: id, sectionId: 's', questions: [{ type: 'integer' }] }],
    ] as const) {
      const res = await expiring.call(method, path, body);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'SUBSCRIPTION_EXPIRED' });
    }
  });

  test('Global Library: CLP editors edit; shared-global users read only; others do not see it', async () => {
    const clp = await signInEditor(server, { flags: { is_shared_global: true }, clpEditor: true });
    const id = await clp.newTest({ name: 'Global maths', isGlobal: true });
    const { section } = await clp.section(id, { name: 'Global section' });
    expect(section.name).toBe('Global section');

    const reader = await tutor.get(id);
    expect(reader).toMatchObject({ isGlobal: true, sections: [{ name: 'Global section' }] });
    const write = await tutor.call('POST', '/api/v2/test/section/create', { testId: id });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('GLOBAL_READ_ONLY');

    const noAccess = await signInEditor(server);
    expect((await noAccess.call('GET', `/api/v2/test/${id}`)).status).toBe(404);
  });

  test('writes on one test are serialised: concurrent additions all land', async () => {
    const id = await tutor.newTest();
    const { section } = await tutor.section(id);
    await Promise.all([1, 2, 3, 4].map((n) => tutor.questions(id, section._id, [readyMcq(`Q${n}`)])));
    const test = await tutor.get(id);
    expect(test.sections[0].questions.map((q: { order: number }) => q.order)).toEqual([1, 2, 3, 4]);
    expect(test.version).toBe(6);
    expect(test.totalNumberOfQuestions).toBe(4);
  });
});

test('the OpenAPI document lists the editor calls', async () => {
  const res = await server.call('GET', '/api/openapi.json');
  const paths = res.body.paths;
  expect(Object.keys(paths)).toEqual(
    expect.arrayContaining([
      '/api/v2/test/{id}',
      '/api/v2/test/update',
      '/api/v2/test/section/create',
      '/api/v2/test/section/update',
      '/api/v2/test/section/delete',
      '/api/v2/test/section/drag-drop',
      '/api/v2/question/create',
      '/api/v2/question/delete',
      '/api/v2/question/edit',
      '/api/v2/question/reorder-remark',
      '/api/v2/question/import',
      '/api/question/errorMessages',
    ]),
  );
  expect(paths['/api/v2/question/edit'].patch.requestBody.content['application/json'].schema.required).toEqual(
    expect.arrayContaining(['testId', 'sectionId', 'question', 'version']),
  );
});

test('GET /api/v2/test/sample-report-url: a sample result report in the caller language, served by the server', async () => {
  const res = await tutor.call('GET', '/api/v2/test/sample-report-url', undefined, 'ko');
  expect(res.status).toBe(200);
  const url = new URL(res.body.data.url);
  expect([url.pathname, url.searchParams.get('lang')]).toEqual(['/samples/sample-report.html', 'ko']);
  expect((await server.call('GET', '/api/v2/test/sample-report-url')).status).toBe(401);
});

test('grades: each rule of the shared gradeProblem names its field', async () => {
  const id = await tutor.newTest();
  const cases: [unknown[], string][] = [
    [[{ name: 'A', from: 50, to: 40 }], 'grades.0.to'],
    [[{ name: 'A', from: 0, to: 101 }], 'grades.0.to'],
    [
      [
        { name: 'A', from: 0, to: 50 },
        { name: 'B', from: 50, to: 60 },
      ],
      'grades.1.from',
    ],
  ];
  for (const [grades, field] of cases) {
    const res = await update({ testId: id, version: 1, grades });
    expect({ status: res.status, field: res.body.details?.[0]?.field }).toEqual({ status: 400, field });
  }
});

describe('GET /api/question/errorMessages', () => {
  test('the validation catalogue of spec section 5, in the caller language', async () => {
    const en = await tutor.call('GET', '/api/question/errorMessages');
    expect(en.body.data.errorMessages).toEqual([
      { type: 'NO_SECTION', msg: 'No section added' },
      { type: 'SECTION_ZERO_DURATION', msg: 'Section {name} can not have zero duration' },
      { type: 'SECTION_DURATION_SUM', msg: 'Section durations should add up to test duration' },
      { type: 'EMPTY_SECTION', msg: 'add question to section {name}' },
      { type: 'EMPTY_COMP', msg: 'Comprehension Question should have atleast 1 question' },
      { type: 'DUMMY_QUESTION', msg: 'Dummy question' },
      { type: 'MCQ_ONE_ANS', msg: "Question doesn't has a correct option selected." },
      { type: 'EMPTY_QUESTION', msg: 'Empty translation question' },
      // Not in the spec's list: a true/false question stored with both options correct (issue 14).
      { type: 'TF_ONE_ANS', msg: 'A true/false question must have exactly one correct answer.' },
    ]);
    const ko = await tutor.call('GET', '/api/question/errorMessages', undefined, 'ko');
    expect(ko.body.data.errorMessages[0]).toEqual({ type: 'NO_SECTION', msg: '추가된 섹션이 없습니다' });
    expect((await server.call('GET', '/api/question/errorMessages')).status).toBe(401);
  });

  test('isReadyToLink follows validation', async () => {
    const id = await tutor.newTest();
    const { section } = await tutor.section(id);
    expect((await tutor.get(id)).isReadyToLink).toBe(false);
    await tutor.questions(id, section._id, [readyMcq()]);
    expect((await tutor.get(id)).isReadyToLink).toBe(true);
  });
});
