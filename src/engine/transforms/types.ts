/** The transform contract: a pure value normaliser. */

/**
 * A pure function from a non-missing value to its normalised form. Returning
 * null or an empty string means the value is missing after the transform.
 *
 * @example
 * const t: Transform = (v) => v.toLowerCase();
 */
export type Transform = (value: string) => string | null;

/** A named transform; `args` come from `name:a:b` (e.g. `substring:0:3`). */
export interface TransformDefinition {
  name: string;
  description: string;
  checkArgs(args: string[]): string | null;
  create(args: string[]): Transform;
}
