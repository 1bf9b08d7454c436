import { Button } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';

/** The bin button at the end of a row of a dialog's list (a font face, a grade band); the label names the row. */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <Button appearance="subtle" icon={<DeleteRegular />} aria-label={label} onClick={onClick} />;
}
