/** @jest-environment node */
// The layering of docs/architecture.md holds only while the lint fails on a break: each rule is
// shown a file that breaks it, and a file that keeps every rule passes.
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');
// Loaded through require, not ESLint's own import(), which Jest's sandbox does not allow.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../eslint.config.js');
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

async function errorsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

const SLOW = 30_000;

test.each([
  ['the add-in importing the portal', 'addin/src/pane.tsx', "import { fonts } from '../../portal/src/app/fonts';", 'layering/layers'],
  ['the add-in importing the portal by alias', 'addin/src/pane.tsx', "import { fonts } from '@portal/app/fonts';", 'layering/layers'],
  ['the portal importing the server', 'portal/src/app/store.ts', "import type { Services } from '@server/services';", 'layering/layers'],
  ['shared importing the server', 'shared/domain/test/rules.ts', "import { newId } from '../../../server/security';", 'layering/layers'],
  ['the server importing the portal', 'server/modules/editor/service.ts', "import { store } from '@portal/app/store';", 'layering/layers'],
  ['product code importing tests/', 'server/modules/analysis/workedExample.ts', "import { x } from '@tests/support/testEditor';", 'layering/layers'],
  ['a route file importing kysely', 'server/modules/links/routes.ts', "import { sql } from 'kysely';", 'layering/sql-in-repositories'],
  [
    'browser code reading process (the parser runs in the Word dialog)',
    'shared/parser/engines/patterns.ts',
    "export const on = process.env.DEBUG === '1';",
    'no-restricted-globals',
  ],
  ['a service writing SQL', 'server/modules/links/service.ts', "import { sql, type Kysely } from 'kysely';", 'layering/sql-in-repositories'],
  [
    'a module importing another module’s routes',
    'server/modules/links/service.ts',
    "import { scopeOf } from '../library/routes';",
    'layering/no-foreign-routes',
  ],
  [
    'a module importing another module’s route file by alias',
    'server/modules/editor/repository.ts',
    "import { x } from '@server/modules/settings/contentRoutes';",
    'layering/no-foreign-routes',
  ],
  ['an import climbing three folders', 'server/modules/links/service.ts', "import { rules } from '../../../shared/domain/rules';", 'layering/max-parent-depth'],
  [
    'a dynamic import climbing three folders',
    'portal/src/features/x/page.tsx',
    "export const load = () => import('../../../../shared/x');",
    'layering/max-parent-depth',
  ],
  [
    'a hook called conditionally',
    'portal/src/features/x/useX.ts',
    "import { useState } from 'react';\nexport function useX(on: boolean) { if (on) useState(0); }",
    'react-hooks/rules-of-hooks',
  ],
])(
  'fails on %s',
  async (_case, filePath, code, rule) => {
    expect(await errorsOf(filePath, code)).toContain(rule);
  },
  SLOW,
);

test(
  'passes a file that keeps the layering',
  async () => {
    const repository = [
      "import { sql, type Kysely } from 'kysely';",
      "import type { DB } from '../../db/schema';",
      "import { rules } from '@shared/domain/rules';",
      "import { inScope } from '../library/scope';",
      "import { present } from './presenter';",
      'export const find = (db: Kysely<DB>) => [db, sql`select 1`, rules, inScope, present];',
      '',
    ].join('\n');
    expect(await errorsOf('server/modules/links/repository.ts', repository)).toEqual([]);
    const routes = "import { linkService } from './service';\nimport { scopeOf } from './contentRoutes';\nexport const routes = [linkService, scopeOf];\n";
    expect(await errorsOf('server/modules/links/routes.ts', routes)).toEqual([]);
    const apiTest = "import { sql } from 'kysely';\nimport { app } from '@server/app';\nexport const setup = [sql, app];\n";
    expect(await errorsOf('tests/api/links.test.ts', apiTest)).toEqual([]);
    // Naming Kysely's types writes no SQL: a service or a policy may.
    const service = "import type { Kysely } from 'kysely';\nexport type Handle = Kysely<object>;\n";
    expect(await errorsOf('server/modules/links/service.ts', service)).toEqual([]);
    const helper = "import { testServer } from '@tests/support/testServer';\nexport const start = testServer;\n";
    expect(await errorsOf('server/modules/results/testing.ts', helper)).toEqual([]);
  },
  SLOW,
);
