import type { ReactElement } from 'react';
import { Button } from '@fluentui/react-components';

/** One icon action on a section's or a question's row (move, edit, copy, delete): named for screen readers only. */
export function RowAction({ icon, label, onClick, disabled }: { icon: ReactElement; label: string; onClick?: () => void; disabled?: boolean }) {
  return <Button size="small" appearance="subtle" icon={icon} disabled={disabled} aria-label={label} onClick={onClick} />;
}
