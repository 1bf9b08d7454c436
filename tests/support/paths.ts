import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const TMP_DIR = path.join(ROOT, '.tmp');
export const PGLITE_TEMPLATE = path.join(TMP_DIR, 'pglite-template.tar.gz');
export const PG_TEMPLATE_DB = 'testforge_template';
