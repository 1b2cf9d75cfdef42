-- kindred: window.yaml compiled for spark
-- Reads crm.people (record id: record_id); every compared column is read as text.
-- Makes `crm`.`kindred_records`, `crm`.`kindred_candidates`, `crm`.`kindred_edges`.
-- `crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = person, 1 = by_email), matched (else the pair is in the review band).
-- Cluster them: export `crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config window.yaml

-- `crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `crm`.`kindred_records` AS
SELECT prepared.*,
  CASE WHEN c0 IS NULL OR c1 IS NULL THEN NULL ELSE row_number() OVER (PARTITION BY CASE WHEN c0 IS NULL OR c1 IS NULL THEN 1 ELSE 0 END ORDER BY c0, c1, row_id) END AS p0,
  (octet_length(c3) = char_length(c3)) AS ascii_c3
FROM (
  SELECT row_id,
    c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE substring(c1, 1, 3) END, '') AS c1,
    c2,
    c3,
    c4
  FROM (
    SELECT `record_id` AS row_id,
      NULLIF(CAST(`zip` AS STRING), '') AS c0,
      NULLIF(CAST(`name` AS STRING), '') AS c1,
      NULLIF(CAST(`email` AS STRING), '') AS c2,
      NULLIF(CAST(`name` AS STRING), '') AS c3,
      NULLIF(CAST(`source` AS STRING), '') AS c4
    FROM `crm`.`people`
  ) AS step1
) AS prepared;

-- `crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT least(l.row_id, r.row_id) AS a, greatest(l.row_id, r.row_id) AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON r.p0 > l.p0 AND r.p0 < l.p0 + 7 AND NOT (l.c4 <=> r.c4)
UNION ALL
-- matchkeys[by_email]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c2 = r.c2 AND l.row_id < r.row_id AND NOT (l.c4 <=> r.c4)
WHERE NOT (COALESCE(abs(l.p0 - r.p0) < 7, FALSE));

-- `crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `crm`.`kindred_edges` AS
SELECT a, b, score, decider, matched
FROM (
  SELECT a, b, CASE decider WHEN 0 THEN m0 WHEN 1 THEN m1 END AS score, decider,
    CASE decider WHEN 0 THEN m0 WHEN 1 THEN m1 END >= CASE decider WHEN 0 THEN 0.7999999990000001e0 WHEN 1 THEN 0.999999999e0 END AS matched,
    CASE decider WHEN 0 THEN m0 WHEN 1 THEN m1 END >= CASE decider WHEN 0 THEN 0.7000000000000001e0 WHEN 1 THEN 0.9e0 END AS kept
  FROM (
    SELECT a, b, m0, m1,
      CASE WHEN m0 >= 0.7999999990000001e0 OR m1 >= 0.999999999e0 THEN CASE WHEN m0 >= 0.7999999990000001e0 AND (NOT (m1 >= 0.999999999e0) OR m0 >= m1) THEN 0 WHEN m1 >= 0.999999999e0 AND (NOT (m0 >= 0.7999999990000001e0) OR m1 > m0) THEN 1 END ELSE CASE WHEN TRUE THEN 0 END END AS decider
    FROM (
      SELECT a, b,
        CASE WHEN ((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.5e0 END) > 0e0 THEN ((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.5e0 * s1 END) / greatest(((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.5e0 END), 0e0) ELSE 0e0 END AS m0,
        CASE WHEN COALESCE(s2 = 1e0, FALSE) THEN 1e0 ELSE 0e0 END AS m1
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 WHEN l.ascii_c3 AND r.ascii_c3 THEN (1e0 - CAST(levenshtein(l.c3, r.c3) AS DOUBLE) / CAST(greatest(char_length(l.c3), char_length(r.c3)) AS DOUBLE)) ELSE raise_error('kindred: matchkeys[0] (person).fields[0] (name): scorer levenshtein is compiled for ASCII text only in spark; got another character') END AS s0,
          CASE WHEN l.c0 IS NULL OR r.c0 IS NULL THEN NULL WHEN l.c0 = r.c0 THEN 1e0 ELSE 0e0 END AS s1,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE 0e0 END AS s2
        FROM `crm`.`kindred_candidates` AS c
        JOIN `crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
