-- kindred: functions.yaml compiled for trino
-- Reads hive.crm.people (record id: record_id); every compared column is read as text.
-- Makes "hive"."crm"."kindred_soundex", "hive"."crm"."kindred_damerau_levenshtein", "hive"."crm"."kindred_jaro", "hive"."crm"."kindred_records", "hive"."crm"."kindred_candidates", "hive"."crm"."kindred_edges".
-- "hive"."crm"."kindred_edges": a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export "hive"."crm"."kindred_edges" as CSV or Parquet, then kindred cluster --edges <that file> --config functions.yaml

-- "hive"."crm"."kindred_soundex": the soundex transform as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_soundex"(x VARCHAR)
RETURNS VARCHAR
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE code_x VARCHAR;
  DECLARE s, sx, ch VARCHAR;
  DECLARE n, i, digits, previous, code, cp BIGINT DEFAULT 0;
  SET s = upper(replace(normalize(x, NFKD), 'ß', 'SS'));
  SET n = length(s);
  SET sx = '';
  SET i = 0;
  SET digits = 0;
  SET previous = 0;
  WHILE i < n AND digits < 3 DO
    SET ch = substr(s, i + 1, 1);
    SET cp = codepoint(CAST(ch AS VARCHAR(1)));
    SET i = i + 1;
    IF cp < 65 OR cp > 90 THEN
      SET previous = 0;
    ELSE
      SET code = IF(cp = 72 OR cp = 87, -1, CAST(substr('01230120022455012623010202', cp - 64, 1) AS BIGINT));
      IF sx = '' THEN
        SET sx = ch;
        SET previous = IF(code > 0, code, 0);
      ELSEIF code >= 0 THEN
        IF code > 0 AND code <> previous THEN
          SET sx = concat(sx, CAST(code AS VARCHAR));
          SET digits = digits + 1;
        END IF;
        SET previous = code;
      END IF;
    END IF;
  END WHILE;
  SET code_x = IF(sx = '', '', concat(sx, substr('000', digits + 1)));
  RETURN code_x;
END;

-- "hive"."crm"."kindred_damerau_levenshtein": the damerau_levenshtein scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_damerau_levenshtein"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE longest BIGINT DEFAULT greatest(length(a), length(b));
  DECLARE distance BIGINT DEFAULT 0;
  DECLARE d ARRAY(ARRAY(BIGINT));
  DECLARE cur ARRAY(BIGINT);
  DECLARE n_a, n_b, inf, i, j, k, l, found, last_match, cost, best BIGINT DEFAULT 0;
  DECLARE ca, cb VARCHAR;
  IF longest = 0 THEN
    RETURN 1e0;
  END IF;
  IF length(a) = 0 OR length(b) = 0 THEN
    RETURN 1e0 - CAST(longest AS DOUBLE) / longest;
  END IF;
  SET n_a = length(a);
  SET n_b = length(b);
  SET inf = n_a + n_b;
  SET cur = ARRAY[inf];
  SET j = 0;
  WHILE j <= n_b DO
    SET cur = cur || inf;
    SET j = j + 1;
  END WHILE;
  SET d = ARRAY[cur];
  SET cur = ARRAY[inf];
  SET j = 0;
  WHILE j <= n_b DO
    SET cur = cur || j;
    SET j = j + 1;
  END WHILE;
  SET d = d || ARRAY[cur];
  SET i = 1;
  WHILE i <= n_a DO
    SET ca = substr(a, i, 1);
    SET last_match = 0;
    SET cur = ARRAY[inf, i];
    SET j = 1;
    WHILE j <= n_b DO
      SET cb = substr(b, j, 1);
      SET found = strpos(reverse(substr(a, 1, i - 1)), cb);
      SET k = IF(found = 0, 0, i - found);
      SET l = last_match;
      SET cost = 1;
      IF ca = cb THEN
        SET cost = 0;
        SET last_match = j;
      END IF;
      SET best = element_at(element_at(d, i + 1), j + 1) + cost;
      SET best = least(best, element_at(cur, j + 1) + 1);
      SET best = least(best, element_at(element_at(d, i + 1), j + 2) + 1);
      SET best = least(best, element_at(element_at(d, k + 1), l + 1) + (i - k - 1) + 1 + (j - l - 1));
      SET cur = cur || best;
      SET j = j + 1;
    END WHILE;
    SET d = d || ARRAY[cur];
    SET i = i + 1;
  END WHILE;
  SET distance = element_at(element_at(d, n_a + 2), n_b + 2);
  RETURN 1e0 - CAST(distance AS DOUBLE) / longest;
END;

-- "hive"."crm"."kindred_jaro": the jaro scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_jaro"(a VARCHAR, b VARCHAR)
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
        END IF;
      END IF;
  RETURN jw;
END;

-- "hive"."crm"."kindred_records": one row per record: its id and every prepared (transformed) field
CREATE TABLE "hive"."crm"."kindred_records" AS
SELECT row_id,
  NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE "hive"."crm"."kindred_soundex"(c0) END, '') AS c0,
  c1,
  c2
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c0)) = length(c0)) THEN CASE WHEN regexp_like(c0, '[^\t\n\x0B\f\r\x1C-\x1F ]') THEN regexp_extract(c0, '([^\t\n\x0B\f\r\x1C-\x1F ]+)[\t\n\x0B\f\r\x1C-\x1F ]*$', 1) ELSE c0 END ELSE fail('kindred: blocking.keys[0].fields[0]: transform last_token is compiled for ASCII text only in trino; got another character') END END, '') AS c0,
    c1,
    NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c2)) = length(c2)) THEN regexp_replace(regexp_replace(c2, '[\t\n\x0B\f\r\x1C-\x1F ]+', ' '), '^ | $', '') ELSE fail('kindred: matchkeys[0] (person).fields[1] (name): transform normalize_whitespace is compiled for ASCII text only in trino; got another character') END END, '') AS c2
  FROM (
    SELECT row_id,
      NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c0)) = length(c0)) THEN lower(c0) ELSE fail('kindred: blocking.keys[0].fields[0]: transform lowercase is compiled for ASCII text only in trino; got another character') END END, '') AS c0,
      NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c1)) = length(c1)) THEN regexp_replace(c1, '^[\t\n\x0B\f\r\x1C-\x1F ]+|[\t\n\x0B\f\r\x1C-\x1F ]+$', '') ELSE fail('kindred: matchkeys[0] (person).fields[0] (email): transform strip is compiled for ASCII text only in trino; got another character') END END, '') AS c1,
      NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c2)) = length(c2)) THEN lower(c2) ELSE fail('kindred: matchkeys[0] (person).fields[1] (name): transform lowercase is compiled for ASCII text only in trino; got another character') END END, '') AS c2
    FROM (
      SELECT "record_id" AS row_id,
        NULLIF(CAST("name" AS VARCHAR), '') AS c0,
        NULLIF(CAST("email" AS VARCHAR), '') AS c1,
        NULLIF(CAST("name" AS VARCHAR), '') AS c2
      FROM "hive"."crm"."people"
    ) AS step1
  ) AS step2
) AS step3;

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
        CASE WHEN ((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) > 0e0 THEN ((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) / greatest(((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 ELSE "hive"."crm"."kindred_damerau_levenshtein"(l.c1, r.c1) END AS s0,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE "hive"."crm"."kindred_jaro"(l.c2, r.c2) END AS s1
        FROM "hive"."crm"."kindred_candidates" AS c
        JOIN "hive"."crm"."kindred_records" AS l ON l.row_id = c.a
        JOIN "hive"."crm"."kindred_records" AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
