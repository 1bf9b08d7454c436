import { useEffect, useState, type DependencyList } from 'react';

/**
 * Loads something a user's typing decides (tutors, chapters, tags) once the typing pauses.
 * Null while the first answer is on its way; an answer to an older input is dropped; a failure
 * (already toasted by the API client) leaves an empty result.
 */
export function useDebouncedLoad<T>(load: () => Promise<T[]>, deps: DependencyList, delayMs = 200): [T[] | null, (update: (items: T[]) => T[]) => void] {
  const [items, setItems] = useState<T[] | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      load().then(
        (found) => current && setItems(found),
        () => current && setItems([]),
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return [items, (update) => setItems((list) => update(list ?? []))];
}
