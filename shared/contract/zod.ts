import { z } from 'zod';

/**
 * zod as every contract uses it. zod 4 probes for eval (`new Function`) when it builds an object
 * schema, to compile fast parsers; our pages' Content-Security-Policy forbids eval, so in a
 * browser the probe is refused and reported as a violation (tests/browser/securityHeaders.test.ts).
 * There the contracts are built without it (zod's interpreter: the same answers, a little slower);
 * the server keeps the compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
