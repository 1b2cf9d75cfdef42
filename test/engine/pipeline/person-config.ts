/** The plain weighted person configuration the score-phase tests share: four fields, blocking on state and on date of birth. */
import { parseConfigText } from '../../../src/config/index.js';

/**
 * Weighted names, date of birth and zip at threshold 0.8; two block passes, so
 * a run on {@link syntheticPeople} plans many scoring tasks.
 *
 * @example
 * const run = await runMatching(peopleStore(syntheticPeople(3000, 17)), PERSON_CONFIG, pool);
 */
export const PERSON_CONFIG = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    fields:
      - {field: given_name, scorer: jaro_winkler, weight: 1.0}
      - {field: surname, scorer: jaro_winkler, weight: 1.0}
      - {field: dob, scorer: exact, weight: 1.0}
      - {field: zip, scorer: exact, weight: 0.5}
blocking:
  keys:
    - fields: [state]
    - fields: [dob]
`,
  'person.yaml',
);
