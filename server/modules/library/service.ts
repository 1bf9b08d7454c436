import { defaultTestSettings } from '@shared/domain/test';
import type { DefaultTestSettings } from '@shared/domain/testSettings';
import type { TestRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertMayShare, libraryScope, mayReadGlobal, type Caller, type LibraryScope } from '../../access';
import type { TutorsRepository } from '../accounts/tutorsRepository';
import type { SettingsRepository } from '../settings/repository';
import type { CopiesRepository } from './copiesRepository';
import type { LibraryRepository } from './repository';
import type { LibraryItemKind, Selection } from './selection';

const TAGS_LIMIT = 50;
const TUTORS_LIMIT = 100;

/** Creating and copying tests, tags, tutors to share with, and sharing. */
export class LibraryContentService {
  constructor(
    private readonly library: LibraryRepository,
    private readonly copies: CopiesRepository,
    private readonly tutors: TutorsRepository,
    private readonly settings: SettingsRepository,
  ) {}

  /**
   * A new test from the library: New Test, 30 minutes, English unless told otherwise. Its
   * settings are the owner's default settings (the CLP defaults in the Global Library) as they
   * are now, stored with it: changing the defaults later changes new tests only.
   */
  async createTest(
    caller: Caller,
    scope: LibraryScope,
    input: { parentFolderId: string; name: string; tags: string[]; duration: number; language: string },
  ): Promise<TestRow> {
    const parent = await this.library.folderOrRoot(scope, input.parentFolderId);
    const defaults: Partial<DefaultTestSettings> = scope.isGlobal ? await this.settings.clpDefaults() : (caller.defaultSettings ?? {});
    return this.library.createTest(scope, { ...input, parent, content: { sections: [], settings: defaultTestSettings(defaults) } });
  }

  /** A deep copy in the same folder; a Global Library test is copied into the root of My Library. */
  async copyTest(scope: LibraryScope, testId: string, name: string | undefined): Promise<TestRow> {
    const test = await this.library.findTest(scope, testId);
    if (!test) throw notFound('test');
    const parent = scope.isGlobal || !test.parent_folder_id ? null : await this.library.folderOrRoot(scope, test.parent_folder_id);
    return this.copies.copyTest(test, { orgId: scope.orgId, ownerId: scope.userId, parent }, name);
  }

  async tags(caller: Caller, search: string, withGlobal: boolean): Promise<{ selfTags: string[]; globalTags: string[] }> {
    const tagsOf = (isGlobal: boolean) => this.library.tags(libraryScope(caller, isGlobal, 'read'), search, TAGS_LIMIT);
    return { selfTags: await tagsOf(false), globalTags: withGlobal && mayReadGlobal(caller) ? await tagsOf(true) : [] };
  }

  tutorsFor(caller: Caller, search: string | undefined) {
    return this.tutors.list(caller.orgId, caller.userId, search, TUTORS_LIMIT);
  }

  /** Shares a selection with tutors of the caller's organisation (any other tutor is not found). */
  async share(
    caller: Caller,
    sharedBy: string,
    isGlobal: boolean,
    kind: LibraryItemKind,
    selection: Selection & { parentFolderId: string },
    tutorIds: string[],
  ) {
    assertMayShare(caller);
    const scope = libraryScope(caller, isGlobal, 'read');
    await this.library.folderOrRoot(scope, selection.parentFolderId);
    const recipients = await this.tutors.idsInOrg(caller.orgId, tutorIds);
    if (recipients.length !== new Set(tutorIds).size) throw notFound('tutor');
    const shared = await this.copies.share(scope, kind, selection, recipients, sharedBy);
    return { sharedCount: shared, recipients: recipients.length };
  }
}
