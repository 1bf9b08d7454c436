import type { ReactNode } from 'react';
import { Body1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { FolderOpen24Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  empty: {
    padding: tokens.spacingVerticalXXXL,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'center',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground2,
  },
});

/** What a view shows when it has nothing to list: a title, a sentence, and what to do next. */
export function EmptyState({ title, body, children, dataTestId }: { title: string; body: string; children?: ReactNode; dataTestId?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.empty} data-testid={dataTestId}>
      <FolderOpen24Regular />
      <Subtitle2>{title}</Subtitle2>
      <Body1>{body}</Body1>
      {children}
    </div>
  );
}
