import type { ReactNode } from 'react';
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';

/** A list of lines read from a file (its problems, the questions it holds), each on a light tile. */
export const useFileLineStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '6px', margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
});

const useSeverityStyles = makeStyles({
  error: { borderLeft: `3px solid ${tokens.colorPaletteRedBorder2}` },
  warning: { borderLeft: `3px solid ${tokens.colorPaletteYellowBorder2}` },
});

export type ProblemSeverity = 'error' | 'warning';

/**
 * One severity's problems in a file being read (a Word upload, an import): a titled bar, then a
 * line a problem, marked by its severity's colour. Nothing when there are none.
 */
export function ProblemGroup<P extends { code: string }>({
  severity,
  title,
  dataTestId,
  itemDataTestId,
  problems,
  children,
}: {
  severity: ProblemSeverity;
  title: string;
  dataTestId: string;
  itemDataTestId: string;
  problems: P[];
  /** What a problem's line says. */
  children: (problem: P) => ReactNode;
}) {
  const styles = { ...useFileLineStyles(), ...useSeverityStyles() };
  if (!problems.length) return null;
  return (
    <section data-testid={dataTestId} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <MessageBar intent={severity}>
        <MessageBarBody>
          <MessageBarTitle>{title}</MessageBarTitle>
        </MessageBarBody>
      </MessageBar>
      <ul className={styles.list}>
        {problems.map((problem, i) => (
          <li
            key={i}
            className={`${styles.item} ${severity === 'error' ? styles.error : styles.warning}`}
            data-testid={itemDataTestId}
            data-code={problem.code}
          >
            {children(problem)}
          </li>
        ))}
      </ul>
    </section>
  );
}
