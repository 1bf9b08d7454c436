import { hydrateTest, type IdFactory } from './normalize';
import type { Test } from './types';

/**
 * Small helpers for tests of the model (the editor's and the server's): a fresh test and
 * predictable ids.
 */
export function sequentialIds(prefix = 'id'): IdFactory {
  let n = 0;
  return () => `${prefix}${++n}`;
}

export function emptyTest(overrides: Partial<Pick<Test, 'testType' | 'languages' | 'duration' | 'isGlobal' | 'isAttempted'>> = {}): Test {
  return hydrateTest({
    _id: 'test1',
    name: 'Algebra',
    tags: [],
    duration: overrides.duration ?? 30 * 60_000,
    testType: overrides.testType ?? 'CMS',
    languages: overrides.languages ?? ['English'],
    isGlobal: overrides.isGlobal ?? false,
    isAttempted: overrides.isAttempted ?? false,
    content: { sections: [] },
  });
}
