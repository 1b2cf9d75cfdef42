/** The plain weighted person matchkey the pipeline tests share (names, date of birth, zip), with each test's own blocking. */
import { parseConfigText } from '../../../src/config/index.js';
import type { Config } from '../../../src/config/types.js';

/**
 * Weighted names, date of birth and zip over {@link syntheticPeople}'s
 * columns, at `threshold`, blocked by the given passes (YAML list items).
 *
 * @example
 * personConfig(['{fields: [state]}', '{fields: [dob]}']); // the score-phase tests' configuration
 */
export function personConfig(passes: readonly string[], threshold = 0.8): Config {
  return parseConfigText(
    `
matchkeys:
  - name: person
    type: weighted
    threshold: ${threshold}
    fields:
      - {field: given_name, scorer: jaro_winkler, weight: 1.0}
      - {field: surname, scorer: jaro_winkler, weight: 1.0}
      - {field: dob, scorer: exact, weight: 1.0}
      - {field: zip, scorer: exact, weight: 0.5}
blocking:
  keys:
${passes.map((p) => `    - ${p}`).join('\n')}
`,
    'person.yaml',
  );
}

/**
 * Two block passes, on state (blocks of hundreds: many scoring tasks) and on date of birth.
 *
 * @example
 * const run = await runMatching(peopleStore(syntheticPeople(3000, 17)), PERSON_CONFIG, pool);
 */
export const PERSON_CONFIG = personConfig(['{fields: [state]}', '{fields: [dob]}']);
