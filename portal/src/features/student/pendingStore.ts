import type { Pending, PendingStore } from './saveQueue';
import { memoryStore } from './saveQueue';

const DB_NAME = 'testforge-student';
const STORE = 'pending';

let opened: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error) => {
    opened = null;
    throw error;
  });
  return opened;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const request = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

/**
 * The answers of one attempt waiting to be sent, in IndexedDB (issue 17): one record per attempt
 * under `key`, the whole set written at each change (transactions on one store apply in the order
 * they were made, so the last write wins). Answers an older page kept in local storage under
 * `legacyKey` are taken over once. Without IndexedDB (some private modes) they wait in memory.
 */
export function indexedDbStore(key: string, legacyKey?: string): PendingStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  return {
    async load() {
      const stored = ((await run('readonly', (s) => s.get(key))) as Pending | undefined) ?? {};
      if (!legacyKey) return stored;
      try {
        const legacy = JSON.parse(localStorage.getItem(legacyKey) ?? '{}') as Record<string, Pending[string]['answer']>;
        for (const [questionId, answer] of Object.entries(legacy)) stored[questionId] ??= { answer, seq: 1 };
        localStorage.removeItem(legacyKey);
      } catch {
        // Nothing usable there.
      }
      return stored;
    },
    async save(pending) {
      await run<unknown>('readwrite', (s) => (Object.keys(pending).length ? s.put(pending, key) : s.delete(key)) as IDBRequest<unknown>);
    },
  };
}
