/**
 * The answer of an integer question (spec: "An integer question keeps its answer in the
 * solution"): a signed number, whole or decimal, as a tutor writes it: "42", "-7", "2.5",
 * "+0.25", ".5" (issue 14: decimals were refused, and the fields rewrote "2.5" as "25").
 */
export const NUMERIC_ANSWER = /^[-+]?(\d{1,15}(\.\d{1,10})?|\.\d{1,10})$/;

/** The number a tutor's answer says, or null when it is not one. */
export function numericAnswer(text: string): number | null {
  const trimmed = text.trim();
  return NUMERIC_ANSWER.test(trimmed) ? Number(trimmed) : null;
}

/**
 * What a student typed, read as a number: also with a decimal comma ("2,5"), which many
 * Vietnamese students write. Null when it is not a number.
 */
export function studentNumber(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : null;
}

/** Text that is a number, or may still become one as the student types on ("-", "2.", "-0,"). */
export const mayBecomeNumber = (text: string) => /^[-+]?\d*[.,]?\d*$/.test(text.trim());
