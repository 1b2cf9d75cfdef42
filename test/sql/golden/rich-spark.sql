-- kindred: rich.yaml compiled for spark
-- Reads crm.people (record id: record_id); every compared column is read as text.
-- Makes `crm`.`kindred_records`, `crm`.`kindred_candidates`, `crm`.`kindred_edges`.
-- `crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = by_email, 1 = person, 2 = fs), matched (else the pair is in the review band).
-- Cluster them: export `crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config rich.yaml

-- `crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `crm`.`kindred_records` AS
SELECT prepared.*,
  count(*) OVER (PARTITION BY c0, c1) AS n0,
  count(*) OVER (PARTITION BY c2) AS n1,
  count(*) OVER (PARTITION BY c3) AS n2,
  CASE WHEN c5 IS NULL THEN NULL ELSE least(10e0, greatest(-10e0, log2((sum(CASE WHEN c5 IS NULL THEN 0 ELSE nv_c5 END) OVER () * 1e0 / (nt_c5 * 1e0 * nt_c5)) / (nv_c5 * 1e0 / nt_c5)))) END AS tf_c5,
  (octet_length(c5) = char_length(c5)) AS ascii_c5,
  (octet_length(c8) = char_length(c8)) AS ascii_c8,
  (octet_length(c1) = char_length(c1)) AS ascii_c1
FROM (
  SELECT counted.*,
    count(c5) OVER (PARTITION BY c5) AS nv_c5,
    count(c5) OVER () AS nt_c5
  FROM (
    SELECT row_id,
      NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c0) = char_length(c0)) THEN lower(c0) ELSE raise_error('kindred: blocking.keys[0].fields[0]: transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c0,
      c1,
      c2,
      NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c3) = char_length(c3)) THEN lower(c3) ELSE raise_error('kindred: matchkeys[by_email].fields[0]: transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c3,
      c4,
      NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c5) = char_length(c5)) THEN upper(c5) ELSE raise_error('kindred: matchkeys[1] (person).fields[0] (name): transform uppercase is compiled for ASCII text only in spark; got another character') END END, '') AS c5,
      c6,
      NULLIF(CASE WHEN c7 IS NULL THEN NULL ELSE substring(c7, 1, 8) END, '') AS c7,
      NULLIF(CASE WHEN c8 IS NULL THEN NULL ELSE CASE WHEN greatest(0, char_length(c8) + (-4)) < greatest(0, char_length(c8) + (-1)) THEN substring(c8, greatest(0, char_length(c8) + (-4)) + 1, greatest(0, char_length(c8) + (-1)) - greatest(0, char_length(c8) + (-4))) ELSE '' END END, '') AS c8,
      c9,
      c10
    FROM (
      SELECT row_id,
        NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c0) = char_length(c0)) THEN CASE WHEN (c0 RLIKE '[^\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]') THEN regexp_extract(c0, '^[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]*([^\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+)', 1) ELSE c0 END ELSE raise_error('kindred: blocking.keys[0].fields[0]: transform first_token is compiled for ASCII text only in spark; got another character') END END, '') AS c0,
        c1,
        NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c2) = char_length(c2)) THEN CASE WHEN (c2 RLIKE '[^\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]') THEN regexp_extract(c2, '([^\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+)[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]*$', 1) ELSE c2 END ELSE raise_error('kindred: blocking.keys[1].fields[0]: transform last_token is compiled for ASCII text only in spark; got another character') END END, '') AS c2,
        NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c3) = char_length(c3)) THEN regexp_replace(c3, '^[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+|[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+$', '') ELSE raise_error('kindred: matchkeys[by_email].fields[0]: transform strip is compiled for ASCII text only in spark; got another character') END END, '') AS c3,
        c4,
        NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c5) = char_length(c5)) THEN regexp_replace(regexp_replace(c5, '[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+', ' '), '^ | $', '') ELSE raise_error('kindred: matchkeys[1] (person).fields[0] (name): transform normalize_whitespace is compiled for ASCII text only in spark; got another character') END END, '') AS c5,
        NULLIF(CASE WHEN c6 IS NULL THEN NULL ELSE regexp_replace(c6, '[^a-zA-Z]+', '') END, '') AS c6,
        NULLIF(CASE WHEN c7 IS NULL THEN NULL ELSE regexp_replace(c7, '[^0-9]+', '') END, '') AS c7,
        NULLIF(CASE WHEN c8 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c8) = char_length(c8)) THEN regexp_replace(c8, '[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+', '') ELSE raise_error('kindred: matchkeys[1] (person).negative_evidence[0] (phone): transform strip_all is compiled for ASCII text only in spark; got another character') END END, '') AS c8,
        c9,
        c10
      FROM (
        SELECT `record_id` AS row_id,
          NULLIF(CAST(`name` AS STRING), '') AS c0,
          NULLIF(CAST(`zip` AS STRING), '') AS c1,
          NULLIF(CAST(`name` AS STRING), '') AS c2,
          NULLIF(CAST(`email` AS STRING), '') AS c3,
          NULLIF(CAST(`dob` AS STRING), '') AS c4,
          NULLIF(CAST(`name` AS STRING), '') AS c5,
          NULLIF(CAST(`city` AS STRING), '') AS c6,
          NULLIF(CAST(`dob` AS STRING), '') AS c7,
          NULLIF(CAST(`phone` AS STRING), '') AS c8,
          NULLIF(CAST(`city` AS STRING), '') AS c9,
          NULLIF(CAST(`source` AS STRING), '') AS c10
        FROM `crm`.`people`
      ) AS step1
    ) AS step2
  ) AS counted
) AS prepared;

-- `crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.c1 = r.c1 AND l.n0 <= 500 AND l.row_id < r.row_id AND NOT (l.c10 <=> r.c10)
UNION ALL
-- blocking.keys[1]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c2 = r.c2 AND l.n1 <= 500 AND l.row_id < r.row_id AND NOT (l.c10 <=> r.c10)
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.n0 <= 500, FALSE))
UNION ALL
-- matchkeys[by_email]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c3 = r.c3 AND l.n2 <= 500 AND l.row_id < r.row_id AND NOT (l.c10 <=> r.c10)
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.n0 <= 500, FALSE)
  OR COALESCE(l.c2 = r.c2 AND l.n1 <= 500, FALSE));

-- `crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `crm`.`kindred_edges` AS
SELECT a, b, score, decider, matched
FROM (
  SELECT a, b, CASE decider WHEN 0 THEN m0 WHEN 1 THEN m1 WHEN 2 THEN m2 END AS score, decider,
    CASE decider WHEN 0 THEN m0 WHEN 1 THEN m1 WHEN 2 THEN m2 END >= CASE decider WHEN 0 THEN 0.499999999e0 WHEN 1 THEN 0.7999999990000001e0 WHEN 2 THEN 0.899999999e0 END AS matched,
    CASE decider WHEN 0 THEN m0 WHEN 1 THEN m1 WHEN 2 THEN m2 END >= CASE decider WHEN 0 THEN 0.6e0 WHEN 1 THEN 0.6e0 WHEN 2 THEN 0.6e0 END AS kept
  FROM (
    SELECT a, b, m0, m1, m2,
      CASE WHEN m0 >= 0.499999999e0 OR m1 >= 0.7999999990000001e0 OR m2 >= 0.899999999e0 THEN CASE WHEN m0 >= 0.499999999e0 AND (NOT (m1 >= 0.7999999990000001e0) OR m0 >= m1) AND (NOT (m2 >= 0.899999999e0) OR m0 >= m2) THEN 0 WHEN m1 >= 0.7999999990000001e0 AND (NOT (m0 >= 0.499999999e0) OR m1 > m0) AND (NOT (m2 >= 0.899999999e0) OR m1 >= m2) THEN 1 WHEN m2 >= 0.899999999e0 AND (NOT (m0 >= 0.499999999e0) OR m2 > m0) AND (NOT (m1 >= 0.7999999990000001e0) OR m2 > m1) THEN 2 END ELSE CASE WHEN TRUE AND (NOT (TRUE) OR m1 >= m2) THEN 1 WHEN TRUE AND (NOT (TRUE) OR m2 > m1) THEN 2 END END AS decider
    FROM (
      SELECT a, b,
        CASE WHEN (CASE WHEN COALESCE(s0 = 1e0, FALSE) THEN 1e0 ELSE 0e0 END) = 0e0 THEN 0e0 ELSE greatest((CASE WHEN COALESCE(s0 = 1e0, FALSE) THEN 1e0 ELSE 0e0 END - CASE WHEN s1 IS NOT NULL AND s1 < 0.4e0 THEN 0.6e0 ELSE 0e0 END), 0e0) END AS m0,
        greatest((CASE WHEN (((0e0 + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.6e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.15e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.25e0 END) > 0e0 THEN (((0e0 + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.6e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.15e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.25e0 * s4 END) / greatest((((0e0 + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.6e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.15e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.25e0 END), 1.5e0) ELSE 0e0 END - CASE WHEN s5 IS NOT NULL AND s5 < 0.5e0 THEN 0.3e0 ELSE 0e0 END), 0e0) AS m1,
        CASE WHEN NOT (s2 IS NOT NULL OR s6 IS NOT NULL OR s7 IS NOT NULL) OR NOT (((((0e0 + CASE WHEN s2 IS NOT NULL THEN 6.129283016944966e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN 4e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN 5.321928094887363e0 ELSE 0e0 END) - (((0e0 + CASE WHEN s2 IS NOT NULL THEN -3.169925001442312e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN -2.2479275134435857e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN -4.169925001442312e0 ELSE 0e0 END)) > 0e0) THEN 0.5e0 WHEN ((((0e0 + CASE WHEN s2 IS NOT NULL THEN (CASE CASE WHEN s2 >= 0.95e0 THEN 2 WHEN s2 >= 0.8e0 THEN 1 ELSE 0 END WHEN 0 THEN -3.169925001442312e0 WHEN 1 THEN 1.1520030934450498e0 WHEN 2 THEN 6.129283016944966e0 END + CASE WHEN CASE WHEN s2 >= 0.95e0 THEN 2 WHEN s2 >= 0.8e0 THEN 1 ELSE 0 END = 2 AND tf_c5 IS NOT NULL THEN tf_c5 ELSE 0e0 END) ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN CASE (CASE WHEN s6 >= 0.9e0 THEN 1 ELSE 0 END) WHEN 0 THEN -2.2479275134435857e0 WHEN 1 THEN 4e0 END ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN CASE (CASE WHEN s7 >= 0.5e0 THEN 1 ELSE 0 END + CASE WHEN s7 >= 0.8e0 THEN 1 ELSE 0 END) WHEN 0 THEN -4.169925001442312e0 WHEN 1 THEN 0.9068905956085185e0 WHEN 2 THEN 5.321928094887363e0 END ELSE 0e0 END) - (((0e0 + CASE WHEN s2 IS NOT NULL THEN -3.169925001442312e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN -2.2479275134435857e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN -4.169925001442312e0 ELSE 0e0 END)) / ((((0e0 + CASE WHEN s2 IS NOT NULL THEN 6.129283016944966e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN 4e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN 5.321928094887363e0 ELSE 0e0 END) - (((0e0 + CASE WHEN s2 IS NOT NULL THEN -3.169925001442312e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN -2.2479275134435857e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN -4.169925001442312e0 ELSE 0e0 END)) <= 0e0 THEN 0e0 WHEN ((((0e0 + CASE WHEN s2 IS NOT NULL THEN (CASE CASE WHEN s2 >= 0.95e0 THEN 2 WHEN s2 >= 0.8e0 THEN 1 ELSE 0 END WHEN 0 THEN -3.169925001442312e0 WHEN 1 THEN 1.1520030934450498e0 WHEN 2 THEN 6.129283016944966e0 END + CASE WHEN CASE WHEN s2 >= 0.95e0 THEN 2 WHEN s2 >= 0.8e0 THEN 1 ELSE 0 END = 2 AND tf_c5 IS NOT NULL THEN tf_c5 ELSE 0e0 END) ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN CASE (CASE WHEN s6 >= 0.9e0 THEN 1 ELSE 0 END) WHEN 0 THEN -2.2479275134435857e0 WHEN 1 THEN 4e0 END ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN CASE (CASE WHEN s7 >= 0.5e0 THEN 1 ELSE 0 END + CASE WHEN s7 >= 0.8e0 THEN 1 ELSE 0 END) WHEN 0 THEN -4.169925001442312e0 WHEN 1 THEN 0.9068905956085185e0 WHEN 2 THEN 5.321928094887363e0 END ELSE 0e0 END) - (((0e0 + CASE WHEN s2 IS NOT NULL THEN -3.169925001442312e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN -2.2479275134435857e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN -4.169925001442312e0 ELSE 0e0 END)) / ((((0e0 + CASE WHEN s2 IS NOT NULL THEN 6.129283016944966e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN 4e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN 5.321928094887363e0 ELSE 0e0 END) - (((0e0 + CASE WHEN s2 IS NOT NULL THEN -3.169925001442312e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN -2.2479275134435857e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN -4.169925001442312e0 ELSE 0e0 END)) >= 1e0 THEN 1e0 ELSE ((((0e0 + CASE WHEN s2 IS NOT NULL THEN (CASE CASE WHEN s2 >= 0.95e0 THEN 2 WHEN s2 >= 0.8e0 THEN 1 ELSE 0 END WHEN 0 THEN -3.169925001442312e0 WHEN 1 THEN 1.1520030934450498e0 WHEN 2 THEN 6.129283016944966e0 END + CASE WHEN CASE WHEN s2 >= 0.95e0 THEN 2 WHEN s2 >= 0.8e0 THEN 1 ELSE 0 END = 2 AND tf_c5 IS NOT NULL THEN tf_c5 ELSE 0e0 END) ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN CASE (CASE WHEN s6 >= 0.9e0 THEN 1 ELSE 0 END) WHEN 0 THEN -2.2479275134435857e0 WHEN 1 THEN 4e0 END ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN CASE (CASE WHEN s7 >= 0.5e0 THEN 1 ELSE 0 END + CASE WHEN s7 >= 0.8e0 THEN 1 ELSE 0 END) WHEN 0 THEN -4.169925001442312e0 WHEN 1 THEN 0.9068905956085185e0 WHEN 2 THEN 5.321928094887363e0 END ELSE 0e0 END) - (((0e0 + CASE WHEN s2 IS NOT NULL THEN -3.169925001442312e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN -2.2479275134435857e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN -4.169925001442312e0 ELSE 0e0 END)) / ((((0e0 + CASE WHEN s2 IS NOT NULL THEN 6.129283016944966e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN 4e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN 5.321928094887363e0 ELSE 0e0 END) - (((0e0 + CASE WHEN s2 IS NOT NULL THEN -3.169925001442312e0 ELSE 0e0 END) + CASE WHEN s6 IS NOT NULL THEN -2.2479275134435857e0 ELSE 0e0 END) + CASE WHEN s7 IS NOT NULL THEN -4.169925001442312e0 ELSE 0e0 END)) END AS m2
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE 0e0 END AS s0,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE 0e0 END AS s1,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 WHEN l.ascii_c5 AND r.ascii_c5 THEN (1e0 - CAST(levenshtein(l.c5, r.c5) AS DOUBLE) / CAST(greatest(char_length(l.c5), char_length(r.c5)) AS DOUBLE)) ELSE raise_error('kindred: matchkeys[1] (person).fields[0] (name): scorer levenshtein is compiled for ASCII text only in spark; got another character') END AS s2,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE 0e0 END AS s3,
          CASE WHEN l.c7 IS NULL OR r.c7 IS NULL THEN NULL WHEN l.c7 = r.c7 THEN 1e0 ELSE 0e0 END AS s4,
          CASE WHEN l.c8 IS NULL OR r.c8 IS NULL THEN NULL WHEN l.c8 = r.c8 THEN 1e0 WHEN l.ascii_c8 AND r.ascii_c8 THEN (1e0 - CAST(levenshtein(l.c8, r.c8) AS DOUBLE) / CAST(greatest(char_length(l.c8), char_length(r.c8)) AS DOUBLE)) ELSE raise_error('kindred: matchkeys[1] (person).negative_evidence[0] (phone): scorer levenshtein is compiled for ASCII text only in spark; got another character') END AS s5,
          CASE WHEN l.c9 IS NULL OR r.c9 IS NULL THEN NULL WHEN l.c9 = r.c9 THEN 1e0 ELSE 0e0 END AS s6,
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 WHEN l.ascii_c1 AND r.ascii_c1 THEN (1e0 - CAST(levenshtein(l.c1, r.c1) AS DOUBLE) / CAST(greatest(char_length(l.c1), char_length(r.c1)) AS DOUBLE)) ELSE raise_error('kindred: matchkeys[2] (fs).fields[2] (zip): scorer levenshtein is compiled for ASCII text only in spark; got another character') END AS s7,
          CASE WHEN l.c5 = r.c5 THEN l.tf_c5 END AS tf_c5
        FROM `crm`.`kindred_candidates` AS c
        JOIN `crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
