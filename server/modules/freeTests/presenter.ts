import { defaultFreeTestStart, freeTestUrl } from '@shared/domain/freeTest';
import type { SharedTest } from '@shared/api/freeTests';
import type { TestType } from '@shared/domain/test';
import type { SharedTestRow } from './repository';

const iso = (value: Date | string) => new Date(value).toISOString();

/** What every free-test call answers of the test: its name and type, and whether it may be linked. */
export interface LinkableTest {
  id: string;
  name: string;
  testType: TestType;
  /** The test's own attempts setting (-1 unlimited): a free test's unless its sharer set one. */
  attempts: number;
  /** Validation messages (spec section 5); empty when the test may be published by link. */
  problems: string[];
  /** Answers or solutions are shown, later: after the free test's end. */
  answersLater: boolean;
}

/** A free test (spec section 3), or the "new" state of a test without one (`isNew`, with the defaults). */
export function presentSharedTest(row: SharedTestRow | undefined, test: LinkableTest, origin: string, now = new Date()): SharedTest {
  const common = {
    testId: test.id,
    testName: test.name,
    testType: test.testType,
    isReadyToLink: test.problems.length === 0,
    problems: test.problems,
    answersLater: test.answersLater,
  };
  if (!row) {
    return {
      _id: null,
      ...common,
      testURL: null,
      startTime: defaultFreeTestStart(now).toISOString(),
      endTime: null,
      noOfAttempts: test.attempts,
      attemptsFromTest: true,
      isNew: true,
      isRemoved: false,
      createdAt: null,
      updatedAt: null,
    };
  }
  return {
    _id: row.id,
    ...common,
    testURL: freeTestUrl(origin, row.id),
    startTime: iso(row.start_time),
    endTime: row.end_time ? iso(row.end_time) : null,
    noOfAttempts: row.no_of_attempts ?? test.attempts,
    attemptsFromTest: row.no_of_attempts === null,
    isNew: false,
    isRemoved: row.is_removed,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
