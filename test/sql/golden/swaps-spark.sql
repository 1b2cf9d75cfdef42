-- kindred: swaps.yaml compiled for spark
-- Reads crm.people (record id: record_id); every compared column is read as text.
-- Makes `crm`.`kindred_jaro_winkler`, `crm`.`kindred_records`, `crm`.`kindred_candidates`, `crm`.`kindred_edges`.
-- `crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export `crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config swaps.yaml

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
SELECT prepared.*,
  (octet_length(c3) = char_length(c3)) AS ascii_c3,
  (octet_length(c4) = char_length(c4)) AS ascii_c4
FROM (
  SELECT row_id,
    c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c1) = char_length(c1)) THEN lower(c1) ELSE raise_error('kindred: matchkeys[0] (person).fields[0] (first_name): transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c1,
    NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c2) = char_length(c2)) THEN lower(c2) ELSE raise_error('kindred: matchkeys[0] (person).fields[1] (surname): transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c2,
    NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE regexp_replace(c3, '[^0-9]+', '') END, '') AS c3,
    NULLIF(CASE WHEN c4 IS NULL THEN NULL ELSE regexp_replace(c4, '[^0-9]+', '') END, '') AS c4,
    c5
  FROM (
    SELECT `record_id` AS row_id,
      NULLIF(CAST(`zip` AS STRING), '') AS c0,
      NULLIF(CAST(`first_name` AS STRING), '') AS c1,
      NULLIF(CAST(`surname` AS STRING), '') AS c2,
      NULLIF(CAST(`phone` AS STRING), '') AS c3,
      NULLIF(CAST(`mobile` AS STRING), '') AS c4,
      NULLIF(CAST(`city` AS STRING), '') AS c5
    FROM `crm`.`people`
  ) AS step1
) AS prepared;

-- `crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.row_id < r.row_id;

-- `crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `crm`.`kindred_edges` AS
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
        greatest((greatest(greatest(greatest(CASE WHEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 * s4 END) / greatest((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 END), 1.5e0) ELSE 0e0 END, CASE WHEN (s0 = 1e0 AND s1 = 1e0) THEN 0e0 ELSE CASE WHEN (((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 * s5 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 * s6 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 * s4 END) / greatest((((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.4e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.3e0 END), 1.5e0) ELSE 0e0 END END), CASE WHEN (s4 = 1e0 AND s3 = 1e0) THEN 0e0 ELSE CASE WHEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 * s8 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 * s7 END) / greatest((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.9e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 END), 1.5e0) ELSE 0e0 END END), CASE WHEN (s0 = 1e0 AND s1 = 1e0) OR (s4 = 1e0 AND s3 = 1e0) THEN 0e0 ELSE CASE WHEN (((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 * s5 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 * s6 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 * s8 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 * s7 END) / greatest((((((0e0 + CASE WHEN s5 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 1.1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s8 IS NULL THEN 0e0 ELSE 0.35e0 END) + CASE WHEN s7 IS NULL THEN 0e0 ELSE 0.35e0 END), 1.5e0) ELSE 0e0 END END) - CASE WHEN s9 IS NOT NULL AND s9 < 1e0 THEN 0.05e0 ELSE 0e0 END), 0e0) AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 ELSE `crm`.`kindred_jaro_winkler`(l.c1, r.c1) END AS s0,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `crm`.`kindred_jaro_winkler`(l.c2, r.c2) END AS s1,
          CASE WHEN l.c0 IS NULL OR r.c0 IS NULL THEN NULL WHEN l.c0 = r.c0 THEN 1e0 ELSE 0e0 END AS s2,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 WHEN l.ascii_c3 AND r.ascii_c3 THEN (1e0 - CAST(levenshtein(l.c3, r.c3) AS DOUBLE) / CAST(greatest(char_length(l.c3), char_length(r.c3)) AS DOUBLE)) ELSE raise_error('kindred: matchkeys[0] (person).fields[3] (phone): scorer levenshtein is compiled for ASCII text only in spark; got another character') END AS s3,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 WHEN l.ascii_c4 AND r.ascii_c4 THEN (1e0 - CAST(levenshtein(l.c4, r.c4) AS DOUBLE) / CAST(greatest(char_length(l.c4), char_length(r.c4)) AS DOUBLE)) ELSE raise_error('kindred: matchkeys[0] (person).fields[4] (mobile): scorer levenshtein is compiled for ASCII text only in spark; got another character') END AS s4,
          CASE WHEN l.c1 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c1 = r.c2 THEN 1e0 ELSE `crm`.`kindred_jaro_winkler`(l.c1, r.c2) END AS s5,
          CASE WHEN l.c2 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c2 = r.c1 THEN 1e0 ELSE `crm`.`kindred_jaro_winkler`(l.c2, r.c1) END AS s6,
          CASE WHEN l.c4 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c4 = r.c3 THEN 1e0 WHEN l.ascii_c4 AND r.ascii_c3 THEN (1e0 - CAST(levenshtein(l.c4, r.c3) AS DOUBLE) / CAST(greatest(char_length(l.c4), char_length(r.c3)) AS DOUBLE)) ELSE raise_error('kindred: matchkeys[0] (person).swaps[1] (mobile against phone): scorer levenshtein is compiled for ASCII text only in spark; got another character') END AS s7,
          CASE WHEN l.c3 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c3 = r.c4 THEN 1e0 WHEN l.ascii_c3 AND r.ascii_c4 THEN (1e0 - CAST(levenshtein(l.c3, r.c4) AS DOUBLE) / CAST(greatest(char_length(l.c3), char_length(r.c4)) AS DOUBLE)) ELSE raise_error('kindred: matchkeys[0] (person).swaps[1] (phone against mobile): scorer levenshtein is compiled for ASCII text only in spark; got another character') END AS s8,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE 0e0 END AS s9
        FROM `crm`.`kindred_candidates` AS c
        JOIN `crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
