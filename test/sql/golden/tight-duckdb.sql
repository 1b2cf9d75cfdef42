-- kindred: tight.yaml compiled for duckdb
-- Reads crm.people (record id: rowid, the table's row order); every compared column is read as text.
-- Makes "crm"."kindred_records", "crm"."kindred_candidates", "crm"."kindred_edges".
-- "crm"."kindred_edges": a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export "crm"."kindred_edges" as CSV or Parquet, then kindred cluster --edges <that file> --config tight.yaml

-- "crm"."kindred_records": one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE "crm"."kindred_records" AS
SELECT prepared.*,
  (strlen(c3) = length(c3)) AS ascii_c3,
  (strlen(c0) = length(c0)) AS ascii_c0,
  (strlen(c9) = length(c9)) AS ascii_c9,
  (strlen(c10) = length(c10)) AS ascii_c10
FROM (
  SELECT row_id,
    c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE substring(c1, 1, 1) END, '') AS c1,
    NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE substring(c2, 1, 3) END, '') AS c2,
    c3,
    c4,
    NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE substring(c5, 1, 1) END, '') AS c5,
    c6,
    c7,
    c8,
    c9,
    c10,
    c11
  FROM (
    SELECT rowid AS row_id,
      NULLIF(CAST("surname" AS VARCHAR), '') AS c0,
      NULLIF(CAST("given_name" AS VARCHAR), '') AS c1,
      NULLIF(CAST("date_of_birth" AS VARCHAR), '') AS c2,
      NULLIF(CAST("given_name" AS VARCHAR), '') AS c3,
      NULLIF(CAST("date_of_birth" AS VARCHAR), '') AS c4,
      NULLIF(CAST("surname" AS VARCHAR), '') AS c5,
      NULLIF(CAST("postcode" AS VARCHAR), '') AS c6,
      NULLIF(CAST("street_number" AS VARCHAR), '') AS c7,
      NULLIF(CAST("soc_sec_id" AS VARCHAR), '') AS c8,
      NULLIF(CAST("address_1" AS VARCHAR), '') AS c9,
      NULLIF(CAST("suburb" AS VARCHAR), '') AS c10,
      NULLIF(CAST("state" AS VARCHAR), '') AS c11
    FROM "crm"."people"
  ) AS step1
) AS prepared;

-- "crm"."kindred_candidates": candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE "crm"."kindred_candidates" AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM "crm"."kindred_records" AS l JOIN "crm"."kindred_records" AS r ON l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2 AND l.row_id < r.row_id
UNION ALL
-- blocking.keys[1]
SELECT l.row_id AS a, r.row_id AS b
FROM "crm"."kindred_records" AS l JOIN "crm"."kindred_records" AS r ON l.c3 = r.c3 AND l.c4 = r.c4 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE))
UNION ALL
-- blocking.keys[2]
SELECT l.row_id AS a, r.row_id AS b
FROM "crm"."kindred_records" AS l JOIN "crm"."kindred_records" AS r ON l.c4 = r.c4 AND l.c5 = r.c5 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE))
UNION ALL
-- blocking.keys[3]
SELECT l.row_id AS a, r.row_id AS b
FROM "crm"."kindred_records" AS l JOIN "crm"."kindred_records" AS r ON l.c0 = r.c0 AND l.c6 = r.c6 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE)
  OR COALESCE(l.c4 = r.c4 AND l.c5 = r.c5, FALSE))
UNION ALL
-- blocking.keys[4]
SELECT l.row_id AS a, r.row_id AS b
FROM "crm"."kindred_records" AS l JOIN "crm"."kindred_records" AS r ON l.c6 = r.c6 AND l.c7 = r.c7 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE)
  OR COALESCE(l.c4 = r.c4 AND l.c5 = r.c5, FALSE)
  OR COALESCE(l.c0 = r.c0 AND l.c6 = r.c6, FALSE))
UNION ALL
-- blocking.keys[5]
SELECT l.row_id AS a, r.row_id AS b
FROM "crm"."kindred_records" AS l JOIN "crm"."kindred_records" AS r ON l.c8 = r.c8 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE)
  OR COALESCE(l.c4 = r.c4 AND l.c5 = r.c5, FALSE)
  OR COALESCE(l.c0 = r.c0 AND l.c6 = r.c6, FALSE)
  OR COALESCE(l.c6 = r.c6 AND l.c7 = r.c7, FALSE));

-- "crm"."kindred_edges": kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE "crm"."kindred_edges" AS
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
        CASE WHEN (((((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.75e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 1e0 END) > 0e0 THEN (((((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.75e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.5e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.25e0 * s4 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 * s5 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.1e0 * s6 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 1e0 * s7 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 1e0 * s8 END) / greatest((((((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.75e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 1e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 WHEN l.ascii_c3 AND r.ascii_c3 THEN jaro_winkler_similarity(l.c3, r.c3) ELSE error('kindred: matchkeys[0] (person).fields[0] (given_name): scorer jaro_winkler is compiled for ASCII text only in duckdb; got another character') END AS s0,
          CASE WHEN l.c0 IS NULL OR r.c0 IS NULL THEN NULL WHEN l.c0 = r.c0 THEN 1e0 WHEN l.ascii_c0 AND r.ascii_c0 THEN jaro_winkler_similarity(l.c0, r.c0) ELSE error('kindred: matchkeys[0] (person).fields[1] (surname): scorer jaro_winkler is compiled for ASCII text only in duckdb; got another character') END AS s1,
          CASE WHEN l.c9 IS NULL OR r.c9 IS NULL THEN NULL WHEN l.c9 = r.c9 THEN 1e0 WHEN l.ascii_c9 AND r.ascii_c9 THEN jaro_winkler_similarity(l.c9, r.c9) ELSE error('kindred: matchkeys[0] (person).fields[2] (address_1): scorer jaro_winkler is compiled for ASCII text only in duckdb; got another character') END AS s2,
          CASE WHEN l.c10 IS NULL OR r.c10 IS NULL THEN NULL WHEN l.c10 = r.c10 THEN 1e0 WHEN l.ascii_c10 AND r.ascii_c10 THEN jaro_winkler_similarity(l.c10, r.c10) ELSE error('kindred: matchkeys[0] (person).fields[3] (suburb): scorer jaro_winkler is compiled for ASCII text only in duckdb; got another character') END AS s3,
          CASE WHEN l.c7 IS NULL OR r.c7 IS NULL THEN NULL WHEN l.c7 = r.c7 THEN 1e0 ELSE 0e0 END AS s4,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE 0e0 END AS s5,
          CASE WHEN l.c11 IS NULL OR r.c11 IS NULL THEN NULL WHEN l.c11 = r.c11 THEN 1e0 ELSE 0e0 END AS s6,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE 0e0 END AS s7,
          CASE WHEN l.c8 IS NULL OR r.c8 IS NULL THEN NULL WHEN l.c8 = r.c8 THEN 1e0 ELSE 0e0 END AS s8
        FROM "crm"."kindred_candidates" AS c
        JOIN "crm"."kindred_records" AS l ON l.row_id = c.a
        JOIN "crm"."kindred_records" AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
