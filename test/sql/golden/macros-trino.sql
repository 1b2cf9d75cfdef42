-- kindred: macros.yaml compiled for trino
-- Reads hive.crm.people (record id: record_id); every compared column is read as text.
-- Makes "hive"."crm"."kindred_soundex", "hive"."crm"."kindred_qgram", "hive"."crm"."kindred_strip_honorifics", "hive"."crm"."kindred_token_sort", "hive"."crm"."kindred_amount", "hive"."crm"."kindred_code_token", "hive"."crm"."kindred_soundex_match", "hive"."crm"."kindred_numeric_diff", "hive"."crm"."kindred_records", "hive"."crm"."kindred_candidates", "hive"."crm"."kindred_edges".
-- "hive"."crm"."kindred_edges": a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export "hive"."crm"."kindred_edges" as CSV or Parquet, then kindred cluster --edges <that file> --config macros.yaml

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

-- "hive"."crm"."kindred_qgram": the qgram transform as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_qgram"(x VARCHAR, q BIGINT)
RETURNS VARCHAR
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE padded VARCHAR DEFAULT concat('##', x, '##');
  DECLARE grams ARRAY(VARCHAR);
  DECLARE gram VARCHAR;
  DECLARE i BIGINT DEFAULT 2;
  IF q > length(concat('##', x, '##')) THEN
    RETURN '';
  END IF;
  SET grams = ARRAY[substr(padded, 1, q)];
  WHILE i + q - 1 <= length(padded) DO
    SET gram = substr(padded, i, q);
    IF NOT contains(grams, gram) THEN
      SET grams = grams || gram;
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN array_join(slice(array_sort(grams), 1, 5), ' ');
END;

-- "hive"."crm"."kindred_strip_honorifics": the strip_honorifics transform as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_strip_honorifics"(x VARCHAR)
RETURNS VARCHAR
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), chr(28), chr(29), chr(30), chr(31), ' ', chr(133), chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288));
  DECLARE i, j, zero BIGINT DEFAULT 0;
  DECLARE ch VARCHAR;
  DECLARE gap BOOLEAN DEFAULT FALSE;
  DECLARE prev_row, cur_row ARRAY(BIGINT);
  DECLARE joined, token, kept VARCHAR DEFAULT '';
  DECLARE parts ARRAY(VARCHAR);
  DECLARE ix BIGINT DEFAULT 0;
  SET joined = '';
  SET gap = FALSE;
  SET i = 1;
  WHILE i <= length(x) DO
    SET ch = substr(x, i, 1);
    IF strpos(ws, ch) > 0 THEN
      SET gap = TRUE;
    ELSE
      SET joined = IF(gap AND joined <> '', concat(joined, ' ', ch), concat(joined, ch));
      SET gap = FALSE;
    END IF;
    SET i = i + 1;
  END WHILE;
  IF joined = '' THEN
    RETURN '';
  END IF;
  SET parts = split(joined, ' ');
  SET ix = 1;
  WHILE ix <= cardinality(parts) DO
    SET token = element_at(parts, ix);
    IF NOT contains(ARRAY['mr', 'mrs', 'ms', 'miss', 'mstr', 'dr', 'prof', 'professor', 'rev', 'revd', 'reverend', 'sir', 'dame', 'kt', 'bt', 'baronet', 'jr', 'sr', 'esq', 'esquire', 'phd', 'md', 'dds', 'dvm'], lower(replace(regexp_replace(token, '[^\p{L}\p{N}]+', ''), 'İ', concat('i', chr(775))))) THEN
      SET kept = IF(kept = '', token, concat(kept, ' ', token));
    END IF;
    SET ix = ix + 1;
  END WHILE;
  RETURN kept;
END;

-- "hive"."crm"."kindred_token_sort": the token_sort transform as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_token_sort"(x VARCHAR)
RETURNS VARCHAR
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), chr(28), chr(29), chr(30), chr(31), ' ', chr(133), chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288));
  DECLARE i, j, zero BIGINT DEFAULT 0;
  DECLARE ch VARCHAR;
  DECLARE gap BOOLEAN DEFAULT FALSE;
  DECLARE prev_row, cur_row ARRAY(BIGINT);
  DECLARE joined, sorted VARCHAR;
  SET joined = '';
  SET gap = FALSE;
  SET i = 1;
  WHILE i <= length(x) DO
    SET ch = substr(x, i, 1);
    IF strpos(ws, ch) > 0 THEN
      SET gap = TRUE;
    ELSE
      SET joined = IF(gap AND joined <> '', concat(joined, ' ', ch), concat(joined, ch));
      SET gap = FALSE;
    END IF;
    SET i = i + 1;
  END WHILE;
  SET sorted = IF(joined = '', '', array_join(array_sort(split(joined, ' ')), ' '));
  RETURN sorted;
END;

-- "hive"."crm"."kindred_amount": the amount transform as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_amount"(x VARCHAR)
RETURNS VARCHAR
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE js_ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), ' ', chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288), chr(65279));
  DECLARE i, j, k, e BIGINT DEFAULT 0;
  DECLARE s VARCHAR;
  SET i = 1;
  WHILE i <= length(x) AND strpos(js_ws, substr(x, i, 1)) > 0 DO
    SET i = i + 1;
  END WHILE;
  SET j = length(x);
  WHILE j >= i AND strpos(js_ws, substr(x, j, 1)) > 0 DO
    SET j = j - 1;
  END WHILE;
  SET s = substr(x, i, j - i + 1);
  SET k = 1;
  IF strpos('$€£¥', substr(s, 1, 1)) > 0 AND length(s) > 0 THEN
    SET k = 2;
    WHILE k <= length(s) AND strpos(js_ws, substr(s, k, 1)) > 0 DO
      SET k = k + 1;
    END WHILE;
  END IF;
  SET e = length(s);
  IF e >= k AND strpos('$€£¥', substr(s, e, 1)) > 0 THEN
    SET e = e - 1;
    WHILE e >= k AND strpos(js_ws, substr(s, e, 1)) > 0 DO
      SET e = e - 1;
    END WHILE;
  END IF;
  RETURN regexp_replace(substr(s, k, e - k + 1), '([0-9]),(?=[0-9]{3}(?:[^0-9]|$))', '$1');
END;

-- "hive"."crm"."kindred_code_token": the code_token transform as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_code_token"(x VARCHAR)
RETURNS VARCHAR
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE seps VARCHAR DEFAULT concat(concat(chr(9), chr(10), chr(11), chr(12), chr(13), ' ', chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288), chr(65279)), '/,;:()[]{}|+');
  DECLARE best, token, ch VARCHAR DEFAULT '';
  DECLARE i, units, best_units BIGINT DEFAULT 0;
  DECLARE letter, digit BOOLEAN DEFAULT FALSE;
  SET i = 1;
  WHILE i <= length(x) + 1 DO
    SET ch = substr(x, i, 1);
    IF i > length(x) OR strpos(seps, ch) > 0 THEN
      IF units >= 3 AND units > best_units AND letter AND digit THEN
        SET best = token;
        SET best_units = units;
      END IF;
      SET token = '';
      SET units = 0;
      SET letter = FALSE;
      SET digit = FALSE;
    ELSEIF regexp_like(ch, '^[\p{L}\p{N}]$') THEN
      SET token = concat(token, ch);
      SET units = units + IF(ch >= chr(65536), 2, 1);
      SET letter = letter OR regexp_like(ch, '^\p{L}$');
      SET digit = digit OR regexp_like(ch, '^\p{N}$');
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN best;
END;

-- "hive"."crm"."kindred_soundex_match": the soundex_match scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_soundex_match"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE code_a, code_b VARCHAR;
  DECLARE s, sx, ch VARCHAR;
  DECLARE n, i, digits, previous, code, cp BIGINT DEFAULT 0;
  SET s = upper(replace(normalize(a, NFKD), 'ß', 'SS'));
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
  SET code_a = IF(sx = '', '', concat(sx, substr('000', digits + 1)));
  SET s = upper(replace(normalize(b, NFKD), 'ß', 'SS'));
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
  SET code_b = IF(sx = '', '', concat(sx, substr('000', digits + 1)));
  RETURN IF(code_a <> '' AND code_a = code_b, 1e0, 0e0);
END;

-- "hive"."crm"."kindred_numeric_diff": the numeric_diff scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_numeric_diff"(a VARCHAR, b VARCHAR, mode VARCHAR, band DOUBLE)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), chr(28), chr(29), chr(30), chr(31), ' ', chr(133), chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288));
  DECLARE i, j BIGINT DEFAULT 0;
  DECLARE stripped VARCHAR;
  DECLARE x, y, diff, dist DOUBLE;
  SET i = 1;
  WHILE i <= length(a) AND strpos(ws, substr(a, i, 1)) > 0 DO
    SET i = i + 1;
  END WHILE;
  SET j = length(a);
  WHILE j >= i AND strpos(ws, substr(a, j, 1)) > 0 DO
    SET j = j - 1;
  END WHILE;
  SET stripped = substr(a, i, j - i + 1);
  IF regexp_like(stripped, '^[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$') THEN
    SET x = CAST(replace(stripped, '_', '') AS DOUBLE);
    IF NOT is_finite(x) THEN
      SET x = NULL;
    END IF;
  END IF;
  SET i = 1;
  WHILE i <= length(b) AND strpos(ws, substr(b, i, 1)) > 0 DO
    SET i = i + 1;
  END WHILE;
  SET j = length(b);
  WHILE j >= i AND strpos(ws, substr(b, j, 1)) > 0 DO
    SET j = j - 1;
  END WHILE;
  SET stripped = substr(b, i, j - i + 1);
  IF regexp_like(stripped, '^[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$') THEN
    SET y = CAST(replace(stripped, '_', '') AS DOUBLE);
    IF NOT is_finite(y) THEN
      SET y = NULL;
    END IF;
  END IF;
  IF x IS NULL OR y IS NULL THEN
    RETURN IF(a = b, 1e0, 0e0);
  END IF;
  SET diff = abs(x - y);
  SET dist = IF(mode = 'abs', diff, diff / greatest(abs(x), abs(y), 1e-9));
  RETURN IF(dist < band, 1e0 - dist / band, 0e0);
END;

-- "hive"."crm"."kindred_records": one row per record: its id and every prepared (transformed) field
CREATE TABLE "hive"."crm"."kindred_records" AS
SELECT row_id,
  c0,
  c1,
  c2,
  NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE "hive"."crm"."kindred_token_sort"(c3) END, '') AS c3,
  c4,
  c5,
  c6
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE "hive"."crm"."kindred_soundex"(c0) END, '') AS c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE "hive"."crm"."kindred_qgram"(c1, 2) END, '') AS c1,
    c2,
    NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE "hive"."crm"."kindred_strip_honorifics"(c3) END, '') AS c3,
    NULLIF(CASE WHEN c4 IS NULL THEN NULL ELSE "hive"."crm"."kindred_amount"(c4) END, '') AS c4,
    NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE "hive"."crm"."kindred_amount"(c5) END, '') AS c5,
    NULLIF(CASE WHEN c6 IS NULL THEN NULL ELSE "hive"."crm"."kindred_code_token"(c6) END, '') AS c6
  FROM (
    SELECT "record_id" AS row_id,
      NULLIF(CAST("surname" AS VARCHAR), '') AS c0,
      NULLIF(CAST("product" AS VARCHAR), '') AS c1,
      NULLIF(CAST("surname" AS VARCHAR), '') AS c2,
      NULLIF(CAST("name" AS VARCHAR), '') AS c3,
      NULLIF(CAST("price" AS VARCHAR), '') AS c4,
      NULLIF(CAST("weight" AS VARCHAR), '') AS c5,
      NULLIF(CAST("product" AS VARCHAR), '') AS c6
    FROM "hive"."crm"."people"
  ) AS step1
) AS step2;

-- "hive"."crm"."kindred_candidates": candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE TABLE "hive"."crm"."kindred_candidates" AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM "hive"."crm"."kindred_records" AS l JOIN "hive"."crm"."kindred_records" AS r ON l.c0 = r.c0 AND l.row_id < r.row_id
UNION ALL
-- blocking.keys[1]
SELECT l.row_id AS a, r.row_id AS b
FROM "hive"."crm"."kindred_records" AS l JOIN "hive"."crm"."kindred_records" AS r ON l.c1 = r.c1 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0, FALSE));

-- "hive"."crm"."kindred_edges": kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE TABLE "hive"."crm"."kindred_edges" AS
SELECT a, b, score, decider, matched
FROM (
  SELECT a, b, m0 AS score, decider,
    m0 >= 0.749999999e0 AS matched,
    m0 >= 0.65e0 AS kept
  FROM (
    SELECT a, b, m0,
      CASE WHEN m0 >= 0.749999999e0 THEN CASE WHEN m0 >= 0.749999999e0 THEN 0 END ELSE CASE WHEN TRUE THEN 0 END END AS decider
    FROM (
      SELECT a, b,
        CASE WHEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.2e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.3e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.3e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.1e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.2e0 * s4 END) / greatest((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.2e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE "hive"."crm"."kindred_soundex_match"(l.c2, r.c2) END AS s0,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE 0e0 END AS s1,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE "hive"."crm"."kindred_numeric_diff"(l.c4, r.c4, 'pct', 0.2e0) END AS s2,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE "hive"."crm"."kindred_numeric_diff"(l.c5, r.c5, 'pct', 0.1e0) END AS s3,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE 0e0 END AS s4
        FROM "hive"."crm"."kindred_candidates" AS c
        JOIN "hive"."crm"."kindred_records" AS l ON l.row_id = c.a
        JOIN "hive"."crm"."kindred_records" AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
