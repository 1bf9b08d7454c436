/**
 * An organisation's sign-in branding (the login settings of spec section 7): its logo, an accent
 * colour and a short welcome line. Set by the operator (`npm run admin -- org:branding`), shown
 * by the sign-in page once the organisation is known.
 */
export interface OrgBranding {
  logoUrl: string | null;
  brandColor: string | null;
  welcome: string | null;
}

export const WELCOME_MAX_LENGTH = 200;
export const LOGO_URL_MAX_LENGTH = 500;
const COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast of white text on the colour (the sign-in button's text). */
export const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

/** The colour is the sign-in button's background under white text: AA needs 4.5:1. */
export const MIN_BRAND_CONTRAST = 4.5;

/** What is wrong with a branding value, or null. Empty strings clear a value and are fine. */
export function brandingProblem(field: keyof OrgBranding, value: string): string | null {
  if (value === '') return null;
  if (field === 'brandColor') {
    if (!COLOR_PATTERN.test(value)) return 'must be a colour written #rrggbb';
    if (contrastWithWhite(value) < MIN_BRAND_CONTRAST) {
      return `is too light for white text (contrast ${contrastWithWhite(value).toFixed(2)}:1, at least ${MIN_BRAND_CONTRAST}:1 is needed)`;
    }
    return null;
  }
  if (field === 'logoUrl') {
    if (value.length > LOGO_URL_MAX_LENGTH) return `must be at most ${LOGO_URL_MAX_LENGTH} characters`;
    // Our own files (/api/files/...) or an https address; nothing that could run script.
    if (/^\/(?!\/)[^\s"'<>\\]*$/.test(value)) return null;
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' && !/[\s"'<>\\]/.test(value)) return null;
    } catch {
      /* not a URL */
    }
    return 'must be an https address or a path on this server (/api/files/...)';
  }
  if (value.trim() !== value) return 'must not begin or end with blanks';
  if (value.length > WELCOME_MAX_LENGTH) return `must be at most ${WELCOME_MAX_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must be one line of text';
  return null;
}

/** The branding kept in organizations.login_settings, with what is absent or malformed as null. */
export function brandingOf(stored: unknown): OrgBranding {
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const pick = (field: keyof OrgBranding) => {
    const value = raw[field];
    return typeof value === 'string' && value !== '' && brandingProblem(field, value) === null ? value : null;
  };
  return { logoUrl: pick('logoUrl'), brandColor: pick('brandColor'), welcome: pick('welcome') };
}
