-- kindred: tight.yaml compiled for spark
-- Reads crm.people (record id: record_id); every compared column is read as text.
-- Makes `crm`.`kindred_jaro_winkler`, `crm`.`kindred_records`, `crm`.`kindred_candidates`, `crm`.`kindred_edges`.
-- `crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export `crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config tight.yaml

-- `crm`.`kindred_jaro_winkler`: the jaro_winkler scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_jaro_winkler`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
def jaro(a, b):
    la, lb = len(a), len(b)
    if la == 0 or lb == 0:
        return 1.0 if la == lb else 0.0
    if la == 1 and lb == 1:
        return 1.0 if a == b else 0.0
    window = max(la, lb) // 2 - 1
    flags = [False] * lb
    chars = []
    for i in range(la):
        lo = i - window if i > window else 0
        hi = min(i + window + 1, lb)
        for j in range(lo, hi):
            if not flags[j] and b[j] == a[i]:
                flags[j] = True
                chars.append(a[i])
                break
    m = len(chars)
    if m == 0:
        return 0.0
    out_of_order = 0
    k = 0
    for i in range(m):
        while not flags[k]:
            k += 1
        if chars[i] != b[k]:
            out_of_order += 1
        k += 1
    t = out_of_order // 2
    return (m / la + m / lb + (m - t) / m) / 3

def jaro_winkler(a, b):
    sim = jaro(a, b)
    if sim <= 0.7:
        return sim
    limit = min(len(a), len(b), 4)
    prefix = 0
    while prefix < limit and a[prefix] == b[prefix]:
        prefix += 1
    return sim + prefix * 0.1 * (1 - sim)

return jaro_winkler(a, b)
$$;

-- `crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `crm`.`kindred_records` AS
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
  FROM `crm`.`people`
) AS step1;

-- `crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2 AND l.row_id < r.row_id
UNION ALL
-- blocking.keys[1]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c3 = r.c3 AND l.c4 = r.c4 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE))
UNION ALL
-- blocking.keys[2]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c4 = r.c4 AND l.c5 = r.c5 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE))
UNION ALL
-- blocking.keys[3]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.c6 = r.c6 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE)
  OR COALESCE(l.c4 = r.c4 AND l.c5 = r.c5, FALSE))
UNION ALL
-- blocking.keys[4]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c6 = r.c6 AND l.c7 = r.c7 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE)
  OR COALESCE(l.c4 = r.c4 AND l.c5 = r.c5, FALSE)
  OR COALESCE(l.c0 = r.c0 AND l.c6 = r.c6, FALSE))
UNION ALL
-- blocking.keys[5]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c8 = r.c8 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0 AND l.c1 = r.c1 AND l.c2 = r.c2, FALSE)
  OR COALESCE(l.c3 = r.c3 AND l.c4 = r.c4, FALSE)
  OR COALESCE(l.c4 = r.c4 AND l.c5 = r.c5, FALSE)
  OR COALESCE(l.c0 = r.c0 AND l.c6 = r.c6, FALSE)
  OR COALESCE(l.c6 = r.c6 AND l.c7 = r.c7, FALSE));

-- `crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `crm`.`kindred_edges` AS
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
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE `crm`.`kindred_jaro_winkler`(l.c3, r.c3) END AS s0,
          CASE WHEN l.c0 IS NULL OR r.c0 IS NULL THEN NULL WHEN l.c0 = r.c0 THEN 1e0 ELSE `crm`.`kindred_jaro_winkler`(l.c0, r.c0) END AS s1,
          CASE WHEN l.c9 IS NULL OR r.c9 IS NULL THEN NULL WHEN l.c9 = r.c9 THEN 1e0 ELSE `crm`.`kindred_jaro_winkler`(l.c9, r.c9) END AS s2,
          CASE WHEN l.c10 IS NULL OR r.c10 IS NULL THEN NULL WHEN l.c10 = r.c10 THEN 1e0 ELSE `crm`.`kindred_jaro_winkler`(l.c10, r.c10) END AS s3,
          CASE WHEN l.c7 IS NULL OR r.c7 IS NULL THEN NULL WHEN l.c7 = r.c7 THEN 1e0 ELSE 0e0 END AS s4,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE 0e0 END AS s5,
          CASE WHEN l.c11 IS NULL OR r.c11 IS NULL THEN NULL WHEN l.c11 = r.c11 THEN 1e0 ELSE 0e0 END AS s6,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE 0e0 END AS s7,
          CASE WHEN l.c8 IS NULL OR r.c8 IS NULL THEN NULL WHEN l.c8 = r.c8 THEN 1e0 ELSE 0e0 END AS s8
        FROM `crm`.`kindred_candidates` AS c
        JOIN `crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
