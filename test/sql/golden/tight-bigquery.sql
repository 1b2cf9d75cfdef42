-- kindred: tight.yaml compiled for bigquery
-- Reads my-project.crm.people (record id: record_id); every compared column is read as text.
-- Makes `kindred_jaro_winkler`, `my-project`.`crm`.`kindred_records`, `my-project`.`crm`.`kindred_candidates`, `my-project`.`crm`.`kindred_edges`.
-- `my-project`.`crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export `my-project`.`crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config tight.yaml

-- `kindred_jaro_winkler`: the jaro_winkler scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_jaro_winkler`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
function jaro(s, t) {
  const a = Array.from(s), b = Array.from(t);
  const la = a.length, lb = b.length;
  if (la === 0 || lb === 0) return la === lb ? 1 : 0;
  if (la === 1 && lb === 1) return a[0] === b[0] ? 1 : 0;
  const window = Math.floor(Math.max(la, lb) / 2) - 1;
  const flags = new Array(lb).fill(false);
  const chars = [];
  for (let i = 0; i < la; i++) {
    const lo = i > window ? i - window : 0;
    const hi = Math.min(i + window + 1, lb);
    for (let j = lo; j < hi; j++) {
      if (!flags[j] && b[j] === a[i]) { flags[j] = true; chars.push(a[i]); break; }
    }
  }
  const m = chars.length;
  if (m === 0) return 0;
  let outOfOrder = 0, k = 0;
  for (let i = 0; i < m; i++) {
    while (!flags[k]) k++;
    if (chars[i] !== b[k]) outOfOrder++;
    k++;
  }
  const t2 = Math.floor(outOfOrder / 2);
  return (m / la + m / lb + (m - t2) / m) / 3;
}
function jaroWinkler(s, t) {
  const sim = jaro(s, t);
  if (sim <= 0.7) return sim;
  const a = Array.from(s), b = Array.from(t);
  const limit = Math.min(a.length, b.length, 4);
  let prefix = 0;
  while (prefix < limit && a[prefix] === b[prefix]) prefix++;
  return sim + prefix * 0.1 * (1 - sim);
}
return jaroWinkler(a, b);
""";

-- `my-project`.`crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_records` AS
SELECT row_id,
  c0,
  NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE SUBSTR(c1, 1, 1) END, '') AS c1,
  NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE SUBSTR(c2, 1, 3) END, '') AS c2,
  c3,
  c4,
  NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE SUBSTR(c5, 1, 1) END, '') AS c5,
  c6,
  c7,
  c8,
  c9,
  c10,
  c11
FROM (
  SELECT `record_id` AS row_id,
    NULLIF(CAST(`surname` AS STRING), '') AS c0,
    NULLIF(CAST(`given_name` AS STRING), '') AS c1,
    NULLIF(CAST(`date_of_birth` AS STRING), '') AS c2,
    NULLIF(CAST(`given_name` AS STRING), '') AS c3,
    NULLIF(CAST(`date_of_birth` AS STRING), '') AS c4,
    NULLIF(CAST(`surname` AS STRING), '') AS c5,
    NULLIF(CAST(`postcode` AS STRING), '') AS c6,
    NULLIF(CAST(`street_number` AS STRING), '') AS c7,
    NULLIF(CAST(`soc_sec_id` AS STRING), '') AS c8,
    NULLIF(CAST(`address_1` AS STRING), '') AS c9,
    NULLIF(CAST(`suburb` AS STRING), '') AS c10,
    NULLIF(CAST(`state` AS STRING), '') AS c11
  FROM `my-project`.`crm`.`people`
) AS step1;

-- `my-project`.`crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2 AND l.row_id < r.row_id
UNION ALL
-- blocking.keys[1]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c3 = r.c3 AND l.c4 = r.c4 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE))
UNION ALL
-- blocking.keys[2]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c4 = r.c4 AND l.c5 = r.c5 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE))
UNION ALL
-- blocking.keys[3]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.c6 = r.c6 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE)
  OR COALESCE(l.c4 = r.c4 AND l.c5 = r.c5, FALSE))
UNION ALL
-- blocking.keys[4]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c6 = r.c6 AND l.c7 = r.c7 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE)
  OR COALESCE(l.c4 = r.c4 AND l.c5 = r.c5, FALSE)
  OR COALESCE(l.c0 = r.c0 AND l.c6 = r.c6, FALSE))
UNION ALL
-- blocking.keys[5]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c8 = r.c8 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE)
  OR COALESCE(l.c4 = r.c4 AND l.c5 = r.c5, FALSE)
  OR COALESCE(l.c0 = r.c0 AND l.c6 = r.c6, FALSE)
  OR COALESCE(l.c6 = r.c6 AND l.c7 = r.c7, FALSE));

-- `my-project`.`crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_edges` AS
SELECT a, b, score, decider, matched
FROM (
  SELECT a, b, m0 AS score, decider,
    m0 >= 0.624999999e0 AS matched,
    m0 >= 0.525e0 AS kept
  FROM (
    SELECT a, b, m0,
      CASE WHEN m0 >= 0.624999999e0 THEN CASE WHEN m0 >= 0.624999999e0 THEN 0 END ELSE CASE WHEN TRUE THEN 0 END END AS decider
    FROM (
      SELECT a, b,
        CASE WHEN (((((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.75e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 1e0 END) > 0e0 THEN (((((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.75e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.5e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.25e0 * s4 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 * s5 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.1e0 * s6 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 1e0 * s7 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 1e0 * s8 END) / GREATEST((((((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.75e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 1e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE `kindred_jaro_winkler`(l.c3, r.c3) END AS s0,
          CASE WHEN l.c0 IS NULL OR r.c0 IS NULL THEN NULL WHEN l.c0 = r.c0 THEN 1e0 ELSE `kindred_jaro_winkler`(l.c0, r.c0) END AS s1,
          CASE WHEN l.c9 IS NULL OR r.c9 IS NULL THEN NULL WHEN l.c9 = r.c9 THEN 1e0 ELSE `kindred_jaro_winkler`(l.c9, r.c9) END AS s2,
          CASE WHEN l.c10 IS NULL OR r.c10 IS NULL THEN NULL WHEN l.c10 = r.c10 THEN 1e0 ELSE `kindred_jaro_winkler`(l.c10, r.c10) END AS s3,
          CASE WHEN l.c7 IS NULL OR r.c7 IS NULL THEN NULL WHEN l.c7 = r.c7 THEN 1e0 ELSE 0e0 END AS s4,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE 0e0 END AS s5,
          CASE WHEN l.c11 IS NULL OR r.c11 IS NULL THEN NULL WHEN l.c11 = r.c11 THEN 1e0 ELSE 0e0 END AS s6,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE 0e0 END AS s7,
          CASE WHEN l.c8 IS NULL OR r.c8 IS NULL THEN NULL WHEN l.c8 = r.c8 THEN 1e0 ELSE 0e0 END AS s8
        FROM `my-project`.`crm`.`kindred_candidates` AS c
        JOIN `my-project`.`crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `my-project`.`crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
