import { tokens, type GriffelStyle } from '@fluentui/react-components';

/*
 * The portal's few surfaces, spread into a screen's makeStyles, so that a card or a bar looks the
 * same on every screen and changes in one place. A screen adds its own layout after the spread.
 */

/** A thin line and rounded corners: every card and framed list item. */
export const framed: GriffelStyle = { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium };

/** A framed box of small parts stacked: an option, a blank, a question of an answer sheet. */
export const framedStack: GriffelStyle = {
  ...framed,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.spacingVerticalXS,
  padding: tokens.spacingVerticalS,
  minWidth: 0,
};

/** A card on the page: a question in the editor, a reported question. */
export const card: GriffelStyle = {
  ...framedStack,
  gap: tokens.spacingVerticalS,
  padding: tokens.spacingVerticalM,
  backgroundColor: tokens.colorNeutralBackground1,
};

/** A bar across a page with a line under it: the editor's toolbar, the student's top bar. */
export const bar: GriffelStyle = {
  display: 'flex',
  alignItems: 'center',
  backgroundColor: tokens.colorNeutralBackground1,
  borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
};

/** Stays at the top of the page as it scrolls. */
export const stickyTop: GriffelStyle = { position: 'sticky', top: 0, zIndex: 2 };
