/**
 * Chart colours from Fluent's web light palette, as values: SVG presentation attributes do not
 * read the CSS variables Fluent's tokens are.
 */
export const CHART_COLORS = {
  brand: '#0f6cbd',
  top: '#107c10',
  bottom: '#c50f1f',
} as const;
