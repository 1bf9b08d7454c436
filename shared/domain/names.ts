/** Names of folders and tests (issue 3): trimmed, not empty, at most 200 characters; tags at most 50. */
export const NAME_MAX_LENGTH = 200;
export const TAG_MAX_LENGTH = 50;
/** Tags one test may carry. */
export const TEST_TAGS_MAX = 100;

export function nameProblem(name: string): 'empty' | 'tooLong' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'empty';
  if (trimmed.length > NAME_MAX_LENGTH) return 'tooLong';
  return null;
}
