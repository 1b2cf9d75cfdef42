-- kindred: swaps.yaml compiled for bigquery
-- Reads my-project.crm.people (record id: record_id); every compared column is read as text.
-- Makes `kindred_jaro_winkler`, `my-project`.`crm`.`kindred_records`, `my-project`.`crm`.`kindred_candidates`, `my-project`.`crm`.`kindred_edges`.
-- `my-project`.`crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export `my-project`.`crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config swaps.yaml

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
SELECT prepared.*,
  (BYTE_LENGTH(c3) = CHAR_LENGTH(c3)) AS ascii_c3,
  (BYTE_LENGTH(c4) = CHAR_LENGTH(c4)) AS ascii_c4
FROM (
  SELECT row_id,
    c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c1) = CHAR_LENGTH(c1)) THEN lower(c1) ELSE ERROR('kindred: matchkeys[0] (person).fields[0] (first_name): transform lowercase is compiled for ASCII text only in bigquery; got another character') END END, '') AS c1,
    NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c2) = CHAR_LENGTH(c2)) THEN lower(c2) ELSE ERROR('kindred: matchkeys[0] (person).fields[1] (surname): transform lowercase is compiled for ASCII text only in bigquery; got another character') END END, '') AS c2,
    NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE REGEXP_REPLACE(c3, '[^0-9]+', '') END, '') AS c3,
    NULLIF(CASE WHEN c4 IS NULL THEN NULL ELSE REGEXP_REPLACE(c4, '[^0-9]+', '') END, '') AS c4,
    c5
  FROM (
    SELECT `record_id` AS row_id,
      NULLIF(CAST(`zip` AS STRING), '') AS c0,
      NULLIF(CAST(`first_name` AS STRING), '') AS c1,
      NULLIF(CAST(`surname` AS STRING), '') AS c2,
      NULLIF(CAST(`phone` AS STRING), '') AS c3,
      NULLIF(CAST(`mobile` AS STRING), '') AS c4,
      NULLIF(CAST(`city` AS STRING), '') AS c5
    FROM `my-project`.`crm`.`people`
  ) AS step1
) AS prepared;

-- `my-project`.`crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.row_id < r.row_id;

-- `my-project`.`crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_edges` AS
SELECT a, b, score, decider, matched
FROM (
  SELECT a, b, m0 AS score, decider,
    m0 >= 0.7999999990000001e0 AS matched,
    m0 >= 0.7000000000000001e0 AS kept
  FROM (
    SELECT a, b, m0,
      CASE WHEN m0 >= 0.7999999990000001e0 THEN CASE WHEN m0 >= 0.7999999990000001e0 THEN 0 END ELSE CASE WHEN TRUE THEN 0 END END AS decider
    FROM (
      SELECT a, b,
        GREATEST((GREATEST(GREATEST(GREATEST(CASE WHEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 * s4 END) / GREATEST((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 END), 1.5e0) ELSE 0e0 END, CASE WHEN (s0 = 1e0 AND s1 = 1e0) THEN 0e0 ELSE CASE WHEN (((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 * s5 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 * s6 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 * s4 END) / GREATEST((((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 END), 1.5e0) ELSE 0e0 END END), CASE WHEN (s4 = 1e0 AND s3 = 1e0) THEN 0e0 ELSE CASE WHEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 * s8 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 * s7 END) / GREATEST((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 END), 1.5e0) ELSE 0e0 END END), CASE WHEN (s0 = 1e0 AND s1 = 1e0) OR (s4 = 1e0 AND s3 = 1e0) THEN 0e0 ELSE CASE WHEN (((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 * s5 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 * s6 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 * s8 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 * s7 END) / GREATEST((((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 END), 1.5e0) ELSE 0e0 END END) - CASE WHEN s9 IS NOT NULL AND s9 < 1e0 THEN 0.05e0 ELSE 0e0 END), 0e0) AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 ELSE `kindred_jaro_winkler`(l.c1, r.c1) END AS s0,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `kindred_jaro_winkler`(l.c2, r.c2) END AS s1,
          CASE WHEN l.c0 IS NULL OR r.c0 IS NULL THEN NULL WHEN l.c0 = r.c0 THEN 1e0 ELSE 0e0 END AS s2,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 WHEN l.ascii_c3 AND r.ascii_c3 THEN (1e0 - CAST(EDIT_DISTANCE(l.c3, r.c3) AS FLOAT64) / CAST(greatest(CHAR_LENGTH(l.c3), CHAR_LENGTH(r.c3)) AS FLOAT64)) ELSE ERROR('kindred: matchkeys[0] (person).fields[3] (phone): scorer levenshtein is compiled for ASCII text only in bigquery; got another character') END AS s3,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 WHEN l.ascii_c4 AND r.ascii_c4 THEN (1e0 - CAST(EDIT_DISTANCE(l.c4, r.c4) AS FLOAT64) / CAST(greatest(CHAR_LENGTH(l.c4), CHAR_LENGTH(r.c4)) AS FLOAT64)) ELSE ERROR('kindred: matchkeys[0] (person).fields[4] (mobile): scorer levenshtein is compiled for ASCII text only in bigquery; got another character') END AS s4,
          CASE WHEN l.c1 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c1 = r.c2 THEN 1e0 ELSE `kindred_jaro_winkler`(l.c1, r.c2) END AS s5,
          CASE WHEN l.c2 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c2 = r.c1 THEN 1e0 ELSE `kindred_jaro_winkler`(l.c2, r.c1) END AS s6,
          CASE WHEN l.c4 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c4 = r.c3 THEN 1e0 WHEN l.ascii_c4 AND r.ascii_c3 THEN (1e0 - CAST(EDIT_DISTANCE(l.c4, r.c3) AS FLOAT64) / CAST(greatest(CHAR_LENGTH(l.c4), CHAR_LENGTH(r.c3)) AS FLOAT64)) ELSE ERROR('kindred: matchkeys[0] (person).swaps[1] (mobile against phone): scorer levenshtein is compiled for ASCII text only in bigquery; got another character') END AS s7,
          CASE WHEN l.c3 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c3 = r.c4 THEN 1e0 WHEN l.ascii_c3 AND r.ascii_c4 THEN (1e0 - CAST(EDIT_DISTANCE(l.c3, r.c4) AS FLOAT64) / CAST(greatest(CHAR_LENGTH(l.c3), CHAR_LENGTH(r.c4)) AS FLOAT64)) ELSE ERROR('kindred: matchkeys[0] (person).swaps[1] (phone against mobile): scorer levenshtein is compiled for ASCII text only in bigquery; got another character') END AS s8,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE 0e0 END AS s9
        FROM `my-project`.`crm`.`kindred_candidates` AS c
        JOIN `my-project`.`crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `my-project`.`crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
