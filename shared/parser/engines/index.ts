/**
 * The Word parser's engines (decisions section 7), in the order `GET /api/v2/parser/engines`
 * lists them: questions laid out in tables, and numbered text. The second in the list is the
 * default (spec constant "Default parser engine: the second in the list").
 */
export const PARSER_ENGINES = ['table', 'text'] as const;
export type ParserEngine = (typeof PARSER_ENGINES)[number];
export const DEFAULT_PARSER_ENGINE: ParserEngine = PARSER_ENGINES[1];

export const isParserEngine = (value: string): value is ParserEngine => (PARSER_ENGINES as readonly string[]).includes(value);
