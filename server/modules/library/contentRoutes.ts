import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { serverMessage } from '../../../shared/i18n/serverMessages';
import { authOf, requireActiveSubscription } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { newId } from '../../security';
import { defaultTestSettings } from '../../../shared/domain/test';
import type { DefaultTestSettings } from '../../../shared/domain/testSettings';
import { readClpDefaults } from '../settings/routes';
import { effectiveFlag } from '../accounts/presenter';
import type { Services } from '../../services';
import { copyFolderTree, copyTest } from './copies';
import { presentTestSummary } from './presenter';
import { inScope } from './scope';
import { LibraryRepository } from './repository';
import { applySelection, likePattern, selectionFrom } from './selection';
import { copyTestBody, copyTestParams, createTestBody, shareFoldersBody, shareTestsBody, tagsQuery, tutorsQuery } from '../../../shared/contract/library';
import { scopeOf } from './routes';

const TAGS_LIMIT = 50;

/** Creating and copying tests, tags, tutors to share with, and sharing. */
export async function libraryContentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;
  const guard = [services.requireAuth, requireActiveSubscription];

  const library = new LibraryRepository(db);

  /**
   * A new test from the library: New Test, 30 minutes, English unless told otherwise. Its
   * settings are the owner's default settings (the CLP defaults in the Global Library) as they
   * are now, stored with it: changing the defaults later changes new tests only.
   */
  api.post('/v2/test/create', { schema: { tags: ['tests'], body: createTestBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = scopeOf(request, body.isGlobal, 'write');
    const parent = await library.folderOrRoot(scope, body.parentFolderId);
    const defaults = scope.isGlobal
      ? await readClpDefaults(db)
      : ((authOf(request).user.default_settings as Partial<DefaultTestSettings> | null) ?? {});
    const test = await db
      .insertInto('tests')
      .values({
        id: newId(),
        org_id: scope.orgId,
        owner_id: scope.isGlobal ? null : scope.userId,
        is_global: scope.isGlobal,
        parent_folder_id: parent?.id ?? null,
        name: body.name,
        tags: JSON.stringify(body.tags),
        duration_ms: body.duration,
        languages: JSON.stringify([body.language]),
        content: JSON.stringify({ sections: [], settings: defaultTestSettings(defaults) }),
        shared_by: null,
        opened_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { data: presentTestSummary(test) };
  });

  /** A deep copy in the same folder; a Global Library test is copied into the root of My Library. */
  api.post('/test/copy/:id', { schema: { tags: ['tests'], params: copyTestParams, body: copyTestBody }, preValidation: guard }, async (request) => {
    const scope = scopeOf(request, request.body.isGlobal, 'read');
    const test = await db.selectFrom('tests').selectAll().where(inScope<'tests'>(scope)).where('id', '=', request.params.id).executeTakeFirst();
    if (!test) throw notFound('test');
    const parent = scope.isGlobal || !test.parent_folder_id ? null : await library.folderOrRoot(scope, test.parent_folder_id);
    const copy = await copyTest(db, test, { orgId: scope.orgId, ownerId: scope.userId, parent }, request.body.name);
    return { data: presentTestSummary(copy) };
  });

  api.get('/tags', { schema: { tags: ['library'], querystring: tagsQuery }, preValidation: guard }, async (request) => {
    const { user, org } = authOf(request);
    const pattern = likePattern(request.query.search ?? '');
    const tagsOf = async (global: boolean) => {
      const scope = { orgId: org.id, userId: user.id, isGlobal: global };
      const rows = await db
        .selectFrom((eb) => eb.selectFrom('tests').select(sql<string>`jsonb_array_elements_text(tags)`.as('tag')).where(inScope<'tests'>(scope)).as('t'))
        .select('tag')
        .distinct()
        .where(sql<boolean>`tag ilike ${pattern}`)
        .orderBy('tag')
        .limit(TAGS_LIMIT)
        .execute();
      return rows.map((r) => r.tag);
    };
    const withGlobal = request.query.isGlobal && effectiveFlag(user, org, 'is_shared_global');
    return { data: { selfTags: await tagsOf(false), globalTags: withGlobal ? await tagsOf(true) : [] } };
  });

  /** Tutors of the caller's organisation to share with (never another organisation's). */
  api.get('/v2/user/tutors', { schema: { tags: ['library'], querystring: tutorsQuery }, preValidation: guard }, async (request) => {
    const { user, org } = authOf(request);
    let query = db.selectFrom('users').select(['id', 'name', 'email']).where('org_id', '=', org.id).where('id', '!=', user.id);
    if (request.query.search) query = query.where(sql<boolean>`(name ilike ${likePattern(request.query.search)} or email ilike ${likePattern(request.query.search)})`);
    const tutors = await query.orderBy('name').limit(100).execute();
    return { data: { tutors: tutors.map((t) => ({ _id: t.id, name: t.name, email: t.email })) } };
  });

  const recipients = async (orgId: string, tutorIds: string[]) => {
    const found = await db.selectFrom('users').select('id').where('org_id', '=', orgId).where('id', 'in', tutorIds).execute();
    if (found.length !== new Set(tutorIds).size) throw notFound('tutor');
    return found.map((r) => r.id);
  };
  const assertMaySharing = (request: Parameters<typeof authOf>[0]) => {
    const { user, org } = authOf(request);
    if (!effectiveFlag(user, org, 'allow_sharing')) throw new AppError(403, 'SHARING_DISABLED', 'sharingDisabled');
    return { user, org };
  };
  /**
   * Sharing folders or tests: each recipient gets their own copy at the root of their My
   * Library, marked shared; all in one transaction.
   */
  const share = async (
    request: FastifyRequest,
    body: Parameters<typeof selectionFrom>[0] & { isGlobal: boolean; tutorIds: string[] },
    kind: 'folders' | 'tests',
    ids: string[],
  ) => {
    const { user, org } = assertMaySharing(request);
    const scope = scopeOf(request, body.isGlobal, 'read');
    await library.folderOrRoot(scope, body.parentFolderId);
    const to = await recipients(org.id, body.tutorIds);
    const shared = await db.transaction().execute(async (trx) => {
      const rows = await applySelection(trx.selectFrom(`${kind} as t` as 'folders as t').where(inScope<'folders'>(scope) as any), selectionFrom(body, ids), kind)
        .selectAll('t')
        .execute();
      for (const row of rows) {
        for (const ownerId of to) {
          const target = { orgId: org.id, ownerId, parent: null, sharedBy: user.name };
          if (kind === 'folders') await copyFolderTree(trx, row as any, target);
          else await copyTest(trx, row as any, target);
        }
      }
      return rows.length;
    });
    return { data: { message: serverMessage(request.lang, 'shared'), sharedCount: shared, recipients: to.length } };
  };

  api.post('/folder/share', { schema: { tags: ['library'], body: shareFoldersBody }, preValidation: guard }, (request) =>
    share(request, request.body, 'folders', request.body.folderIds),
  );
  api.post('/test/share', { schema: { tags: ['library'], body: shareTestsBody }, preValidation: guard }, (request) =>
    share(request, request.body, 'tests', request.body.testIds),
  );
}
