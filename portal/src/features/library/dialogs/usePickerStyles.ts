import { makeStyles, tokens } from '@fluentui/react-components';

/** The scrolling, bordered list of a picker dialog (folders, tutors, chapters, batches) and its hint line. */
export const usePickerStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: tokens.spacingVerticalXS,
    height: '240px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  hint: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalM },
});
