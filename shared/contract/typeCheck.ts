/**
 * Compile-time agreement of a schema with a domain type: `true satisfies Equals<A, B>` fails to
 * compile when the two differ, so a domain model and the contract that carries it cannot drift.
 */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
