/** Kept for the modules that still import it from here; the caller is server/access's. */
export { callerOf } from '../../access';
