/** A close/stop function that may be called from both the normal path and the cleanup path. */
export function once(fn: () => Promise<void> | void): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= Promise.resolve().then(fn));
}
