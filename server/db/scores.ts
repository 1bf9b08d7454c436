import { sql } from 'kysely';

/**
 * An attempt's percentage in SQL, the same everywhere (the analysis, the corrections preview):
 * score / max × 100 rounded to two decimals, 0 without marks. Reads the row's score and max_score.
 */
export const ATTEMPT_PERCENTAGE = sql`case when max_score > 0 then round(score * 100 / max_score, 2) else 0 end`;
