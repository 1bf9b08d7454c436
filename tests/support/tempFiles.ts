import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A folder of its own for the suite that calls this, made before its tests and removed after them;
 * the answer writes a file there and gives its path (for a file input to choose, say).
 */
export function useTempFiles(prefix: string): (name: string, content: string | Uint8Array) => string {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return (name, content) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };
}
