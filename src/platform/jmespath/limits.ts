/** Spec part 8: expression size and projected output size. */
export const MAX_EXPRESSION_BYTES = 1024;
export const MAX_PROJECTION_BYTES = 262_144;
/**
 * Work one evaluation may do, in steps: one per node visited, one per element of every new array or
 * object built, and for deep operations (`to_string`, `==`, `contains`) one per value they walk.
 * Counted, not timed, so the same expression on the same snapshot always gets the same answer,
 * whatever the load. At this size the most expensive admissible expression holds the event loop
 * for a few milliseconds.
 */
export const MAX_EVALUATION_STEPS = 100_000;
/**
 * Characters of new strings one evaluation may build (`to_string`, `join`, `reverse`), in total,
 * charged before each string is built; so it is also the largest string any intermediate value can
 * hold. Steps bound the other allocations (every new array element or object entry costs one), so
 * one evaluation allocates at most a few MB. Four times MAX_PROJECTION_BYTES: a string that could
 * never be answered may still be measured (`length(to_string(@))`), but nothing amplifies past it.
 */
export const MAX_EVALUATION_BYTES = 4 * MAX_PROJECTION_BYTES;
/** Distinct expressions whose parse is kept: repeated requests share it, and the cache stays a few MB at most. */
export const MAX_COMPILED_EXPRESSIONS = 256;
