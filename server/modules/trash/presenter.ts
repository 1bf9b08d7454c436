import type { TrashItem } from '@shared/contract/trash';
import type { TrashRow } from './repository';

const iso = (value: Date | string) => new Date(value).toISOString();

/** One item of the Trash's listing. */
export function presentTrashItem(row: TrashRow): TrashItem {
  const origin = row.origin as { testId?: string };
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    location: row.location,
    deletedAt: iso(row.deleted_at),
    expiresAt: iso(row.expires_at),
    daysLeft: row.days_left,
    testId: row.kind === 'question' ? (origin.testId ?? null) : null,
  };
}
