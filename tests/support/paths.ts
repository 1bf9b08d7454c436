import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const TMP_DIR = path.join(ROOT, '.tmp');

/**
 * Each test run names its own templates (globalSetup sets TESTFORGE_TEST_RUN, and the workers
 * inherit it), so two runs on one machine never drop or overwrite each other's.
 */
function runId(): string {
  const id = process.env.TESTFORGE_TEST_RUN;
  if (!id) throw new Error('TESTFORGE_TEST_RUN is not set: run the tests through jest (globalSetup sets it)');
  return id;
}

export const pgliteTemplatePath = () => path.join(TMP_DIR, `pglite-template-${runId()}.tar`);
export const pgTemplateDb = () => `testforge_template_${runId()}`;
