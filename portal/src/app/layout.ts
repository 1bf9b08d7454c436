/**
 * Room kept for the help button in the bottom corner (issue 17): its height (32 px), its 24 px
 * gap from the window's edge, and air. The page ends this much lower, so the last row's menu
 * scrolls clear of the button; toasts stand this far up, above the button and off the toolbar.
 */
export const HELP_BUTTON_CLEARANCE_PX = 88;
