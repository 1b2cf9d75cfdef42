-- kindred: swaps.yaml compiled for trino
-- Reads hive.crm.people (record id: record_id); every compared column is read as text.
-- Makes "hive"."crm"."kindred_jaro_winkler", "hive"."crm"."kindred_records", "hive"."crm"."kindred_candidates", "hive"."crm"."kindred_edges".
-- "hive"."crm"."kindred_edges": a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export "hive"."crm"."kindred_edges" as CSV or Parquet, then kindred cluster --edges <that file> --config swaps.yaml

-- "hive"."crm"."kindred_jaro_winkler": the jaro_winkler scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_jaro_winkler"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE wa, wb, flags, chars, c VARCHAR;
  DECLARE i, j, hi, m, k, t, lim, p, n_a, n_b, span BIGINT DEFAULT 0;
  DECLARE hit BOOLEAN DEFAULT FALSE;
  DECLARE jw DOUBLE;
  SET wa = a;
  SET wb = b;
  SET n_a = length(wa);
      SET n_b = length(wb);
      IF n_a = 0 OR n_b = 0 THEN
        SET jw = IF(n_a = n_b, 1e0, 0e0);
      ELSEIF n_a = 1 AND n_b = 1 THEN
        SET jw = IF(wa = wb, 1e0, 0e0);
      ELSE
        SET span = greatest(n_a, n_b) / 2 - 1;
        SET flags = rpad('', n_b, '0');
        SET chars = '';
        SET i = 0;
        WHILE i < n_a DO
          SET c = substr(wa, i + 1, 1);
          SET j = IF(i > span, i - span, 0);
          SET hi = least(i + span + 1, n_b);
          SET hit = FALSE;
          WHILE j < hi AND NOT hit DO
            IF substr(flags, j + 1, 1) = '0' AND substr(wb, j + 1, 1) = c THEN
              SET flags = concat(substr(flags, 1, j), '1', substr(flags, j + 2));
              SET chars = concat(chars, c);
              SET hit = TRUE;
            END IF;
            SET j = j + 1;
          END WHILE;
          SET i = i + 1;
        END WHILE;
        SET m = length(chars);
        IF m = 0 THEN
          SET jw = 0e0;
        ELSE
          SET i = 0;
          SET k = 0;
          SET t = 0;
          WHILE i < m DO
            WHILE substr(flags, k + 1, 1) = '0' DO
              SET k = k + 1;
            END WHILE;
            IF substr(chars, i + 1, 1) <> substr(wb, k + 1, 1) THEN
              SET t = t + 1;
            END IF;
            SET k = k + 1;
            SET i = i + 1;
          END WHILE;
          SET t = t / 2;
          SET jw = (CAST(m AS DOUBLE) / n_a + CAST(m AS DOUBLE) / n_b + CAST(m - t AS DOUBLE) / m) / 3e0;
          IF jw > 0.7e0 THEN
            SET lim = least(n_a, n_b, 4);
            SET p = 0;
            WHILE p < lim AND substr(wa, p + 1, 1) = substr(wb, p + 1, 1) DO
              SET p = p + 1;
            END WHILE;
            SET jw = jw + p * 0.1e0 * (1e0 - jw);
          END IF;
        END IF;
      END IF;
  RETURN jw;
END;

-- "hive"."crm"."kindred_records": one row per record: its id and every prepared (transformed) field
CREATE TABLE "hive"."crm"."kindred_records" AS
SELECT prepared.*,
  (length(to_utf8(c3)) = length(c3)) AS ascii_c3,
  (length(to_utf8(c4)) = length(c4)) AS ascii_c4
FROM (
  SELECT row_id,
    c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c1)) = length(c1)) THEN lower(c1) ELSE fail('kindred: matchkeys[0] (person).fields[0] (first_name): transform lowercase is compiled for ASCII text only in trino; got another character') END END, '') AS c1,
    NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c2)) = length(c2)) THEN lower(c2) ELSE fail('kindred: matchkeys[0] (person).fields[1] (surname): transform lowercase is compiled for ASCII text only in trino; got another character') END END, '') AS c2,
    NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE regexp_replace(c3, '[^0-9]+', '') END, '') AS c3,
    NULLIF(CASE WHEN c4 IS NULL THEN NULL ELSE regexp_replace(c4, '[^0-9]+', '') END, '') AS c4,
    c5
  FROM (
    SELECT "record_id" AS row_id,
      NULLIF(CAST("zip" AS VARCHAR), '') AS c0,
      NULLIF(CAST("first_name" AS VARCHAR), '') AS c1,
      NULLIF(CAST("surname" AS VARCHAR), '') AS c2,
      NULLIF(CAST("phone" AS VARCHAR), '') AS c3,
      NULLIF(CAST("mobile" AS VARCHAR), '') AS c4,
      NULLIF(CAST("city" AS VARCHAR), '') AS c5
    FROM "hive"."crm"."people"
  ) AS step1
) AS prepared;

-- "hive"."crm"."kindred_candidates": candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE TABLE "hive"."crm"."kindred_candidates" AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM "hive"."crm"."kindred_records" AS l JOIN "hive"."crm"."kindred_records" AS r ON l.c0 = r.c0 AND l.row_id < r.row_id;

-- "hive"."crm"."kindred_edges": kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE TABLE "hive"."crm"."kindred_edges" AS
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
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 ELSE "hive"."crm"."kindred_jaro_winkler"(l.c1, r.c1) END AS s0,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE "hive"."crm"."kindred_jaro_winkler"(l.c2, r.c2) END AS s1,
          CASE WHEN l.c0 IS NULL OR r.c0 IS NULL THEN NULL WHEN l.c0 = r.c0 THEN 1e0 ELSE 0e0 END AS s2,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 WHEN l.ascii_c3 AND r.ascii_c3 THEN (1e0 - CAST(levenshtein_distance(l.c3, r.c3) AS DOUBLE) / CAST(greatest(length(l.c3), length(r.c3)) AS DOUBLE)) ELSE fail('kindred: matchkeys[0] (person).fields[3] (phone): scorer levenshtein is compiled for ASCII text only in trino; got another character') END AS s3,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 WHEN l.ascii_c4 AND r.ascii_c4 THEN (1e0 - CAST(levenshtein_distance(l.c4, r.c4) AS DOUBLE) / CAST(greatest(length(l.c4), length(r.c4)) AS DOUBLE)) ELSE fail('kindred: matchkeys[0] (person).fields[4] (mobile): scorer levenshtein is compiled for ASCII text only in trino; got another character') END AS s4,
          CASE WHEN l.c1 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c1 = r.c2 THEN 1e0 ELSE "hive"."crm"."kindred_jaro_winkler"(l.c1, r.c2) END AS s5,
          CASE WHEN l.c2 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c2 = r.c1 THEN 1e0 ELSE "hive"."crm"."kindred_jaro_winkler"(l.c2, r.c1) END AS s6,
          CASE WHEN l.c4 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c4 = r.c3 THEN 1e0 WHEN l.ascii_c4 AND r.ascii_c3 THEN (1e0 - CAST(levenshtein_distance(l.c4, r.c3) AS DOUBLE) / CAST(greatest(length(l.c4), length(r.c3)) AS DOUBLE)) ELSE fail('kindred: matchkeys[0] (person).swaps[1] (mobile against phone): scorer levenshtein is compiled for ASCII text only in trino; got another character') END AS s7,
          CASE WHEN l.c3 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c3 = r.c4 THEN 1e0 WHEN l.ascii_c3 AND r.ascii_c4 THEN (1e0 - CAST(levenshtein_distance(l.c3, r.c4) AS DOUBLE) / CAST(greatest(length(l.c3), length(r.c4)) AS DOUBLE)) ELSE fail('kindred: matchkeys[0] (person).swaps[1] (phone against mobile): scorer levenshtein is compiled for ASCII text only in trino; got another character') END AS s8,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE 0e0 END AS s9
        FROM "hive"."crm"."kindred_candidates" AS c
        JOIN "hive"."crm"."kindred_records" AS l ON l.row_id = c.a
        JOIN "hive"."crm"."kindred_records" AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
