-- kindred: zero-config.yaml compiled for trino
-- Reads hive.crm.people (record id: record_id); every compared column is read as text.
-- Makes "hive"."crm"."kindred_token_sort", "hive"."crm"."kindred_code_token", "hive"."crm"."kindred_amount", "hive"."crm"."kindred_token_set", "hive"."crm"."kindred_numeric_diff", "hive"."crm"."kindred_monge_elkan", "hive"."crm"."kindred_token_sort_ratio", "hive"."crm"."kindred_records", "hive"."crm"."kindred_candidates", "hive"."crm"."kindred_edges".
-- "hive"."crm"."kindred_edges": a < b (record ids), score, decider (the deciding matchkey: 0 = product), matched (else the pair is in the review band).
-- Cluster them: export "hive"."crm"."kindred_edges" as CSV or Parquet, then kindred cluster --edges <that file> --config zero-config.yaml

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

-- "hive"."crm"."kindred_token_set": the token_set scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_token_set"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), chr(28), chr(29), chr(30), chr(31), ' ', chr(133), chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288));
  DECLARE i, j, zero BIGINT DEFAULT 0;
  DECLARE ch VARCHAR;
  DECLARE gap BOOLEAN DEFAULT FALSE;
  DECLARE prev_row, cur_row ARRAY(BIGINT);
  DECLARE na, nb, shared, only_a, only_b, ta, tb VARCHAR DEFAULT '';
  DECLARE la, lb ARRAY(VARCHAR);
  DECLARE ia, ib, a_len, b_len, shared_len, separator, plus_a, plus_b, common, distance, total BIGINT DEFAULT 0;
  DECLARE best DOUBLE;
  SET na = '';
  SET gap = FALSE;
  SET i = 1;
  WHILE i <= length(a) DO
    SET ch = substr(a, i, 1);
    IF strpos(ws, ch) > 0 THEN
      SET gap = TRUE;
    ELSE
      SET na = IF(gap AND na <> '', concat(na, ' ', ch), concat(na, ch));
      SET gap = FALSE;
    END IF;
    SET i = i + 1;
  END WHILE;
  SET nb = '';
  SET gap = FALSE;
  SET i = 1;
  WHILE i <= length(b) DO
    SET ch = substr(b, i, 1);
    IF strpos(ws, ch) > 0 THEN
      SET gap = TRUE;
    ELSE
      SET nb = IF(gap AND nb <> '', concat(nb, ' ', ch), concat(nb, ch));
      SET gap = FALSE;
    END IF;
    SET i = i + 1;
  END WHILE;
  IF na = '' OR nb = '' THEN
    RETURN IF(na = nb, 1e0, 0e0);
  END IF;
  SET la = array_sort(split(na, ' '));
  SET lb = array_sort(split(nb, ' '));
  SET ia = 1;
  SET ib = 1;
  WHILE ia <= cardinality(la) OR ib <= cardinality(lb) DO
    SET ta = IF(ia <= cardinality(la), element_at(la, ia), NULL);
    SET tb = IF(ib <= cardinality(lb), element_at(lb, ib), NULL);
    IF ia > 1 AND ta IS NOT NULL AND ta = element_at(la, greatest(ia - 1, 1)) THEN
      SET ia = ia + 1;
    ELSEIF ib > 1 AND tb IS NOT NULL AND tb = element_at(lb, greatest(ib - 1, 1)) THEN
      SET ib = ib + 1;
    ELSEIF tb IS NULL OR (ta IS NOT NULL AND ta < tb) THEN
      SET only_a = IF(only_a = '', ta, concat(only_a, ' ', ta));
      SET ia = ia + 1;
    ELSEIF ta IS NULL OR tb < ta THEN
      SET only_b = IF(only_b = '', tb, concat(only_b, ' ', tb));
      SET ib = ib + 1;
    ELSE
      SET shared = IF(shared = '', ta, concat(shared, ' ', ta));
      SET ia = ia + 1;
      SET ib = ib + 1;
    END IF;
  END WHILE;
  IF shared <> '' AND (only_a = '' OR only_b = '') THEN
    RETURN 1e0;
  END IF;
  SET a_len = length(only_a);
  SET b_len = length(only_b);
  SET shared_len = length(shared);
  SET separator = IF(shared_len <> 0, 1, 0);
  SET plus_a = shared_len + separator + a_len;
  SET plus_b = shared_len + separator + b_len;
  SET prev_row = repeat(zero, length(only_b) + 1);
  SET i = 1;
  WHILE i <= length(only_a) DO
    SET ch = substr(only_a, i, 1);
    SET cur_row = ARRAY[zero];
    SET j = 1;
    WHILE j <= length(only_b) DO
      IF substr(only_b, j, 1) = ch THEN
        SET cur_row = cur_row || (element_at(prev_row, j) + 1);
      ELSE
        SET cur_row = cur_row || greatest(element_at(prev_row, j + 1), element_at(cur_row, j));
      END IF;
      SET j = j + 1;
    END WHILE;
    SET prev_row = cur_row;
    SET i = i + 1;
  END WHILE;
  SET common = element_at(prev_row, length(only_b) + 1);
  SET distance = a_len + b_len - 2 * common;
  SET total = plus_a + plus_b;
  SET best = IF(total = 0, 1e0, 1e0 - CAST(distance AS DOUBLE) / total);
  IF shared_len = 0 THEN
    RETURN best;
  END IF;
  RETURN greatest(best, 1e0 - CAST(separator + a_len AS DOUBLE) / (shared_len + plus_a), 1e0 - CAST(separator + b_len AS DOUBLE) / (shared_len + plus_b));
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

-- "hive"."crm"."kindred_monge_elkan": the monge_elkan scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_monge_elkan"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE xs, ys ARRAY(VARCHAR);
  DECLARE all_words, long_words, cur, norm, ch VARCHAR;
  DECLARE ix, iy BIGINT DEFAULT 0;
  DECLARE best, sum_x, sum_y DOUBLE;
  DECLARE wa, wb, flags, chars, c VARCHAR;
  DECLARE i, j, hi, m, k, t, lim, p, n_a, n_b, span BIGINT DEFAULT 0;
  DECLARE hit BOOLEAN DEFAULT FALSE;
  DECLARE jw DOUBLE;
  SET all_words = '';
  SET long_words = '';
  SET cur = '';
  SET norm = normalize(a, NFC);
  SET i = 1;
  WHILE i <= length(norm) + 1 DO
    SET ch = substr(norm, i, 1);
    IF i <= length(norm) AND regexp_like(ch, '^[\p{L}\p{M}\p{N}]$') THEN
      SET cur = concat(cur, ch);
    ELSEIF cur <> '' THEN
      IF lower(cur) <> 'and' THEN
        SET all_words = IF(all_words = '', cur, concat(all_words, ' ', cur));
        IF length(cur) > 1 THEN
          SET long_words = IF(long_words = '', cur, concat(long_words, ' ', cur));
        END IF;
      END IF;
      SET cur = '';
    END IF;
    SET i = i + 1;
  END WHILE;
  SET xs = IF(long_words <> '', split(long_words, ' '), IF(all_words <> '', split(all_words, ' '), NULL));
  SET all_words = '';
  SET long_words = '';
  SET cur = '';
  SET norm = normalize(b, NFC);
  SET i = 1;
  WHILE i <= length(norm) + 1 DO
    SET ch = substr(norm, i, 1);
    IF i <= length(norm) AND regexp_like(ch, '^[\p{L}\p{M}\p{N}]$') THEN
      SET cur = concat(cur, ch);
    ELSEIF cur <> '' THEN
      IF lower(cur) <> 'and' THEN
        SET all_words = IF(all_words = '', cur, concat(all_words, ' ', cur));
        IF length(cur) > 1 THEN
          SET long_words = IF(long_words = '', cur, concat(long_words, ' ', cur));
        END IF;
      END IF;
      SET cur = '';
    END IF;
    SET i = i + 1;
  END WHILE;
  SET ys = IF(long_words <> '', split(long_words, ' '), IF(all_words <> '', split(all_words, ' '), NULL));
  IF xs IS NULL OR ys IS NULL THEN
    RETURN 0e0;
  END IF;
  SET sum_x = 0e0;
  SET ix = 1;
  WHILE ix <= cardinality(xs) DO
    SET best = 0e0;
    SET iy = 1;
    WHILE iy <= cardinality(ys) AND best <> 1e0 DO
      SET wa = element_at(xs, ix);
      SET wb = element_at(ys, iy);
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
      IF jw > best THEN
        SET best = jw;
      END IF;
      SET iy = iy + 1;
    END WHILE;
    SET sum_x = sum_x + best;
    SET ix = ix + 1;
  END WHILE;
  SET sum_x = sum_x / cardinality(xs);
  SET sum_y = 0e0;
  SET ix = 1;
  WHILE ix <= cardinality(ys) DO
    SET best = 0e0;
    SET iy = 1;
    WHILE iy <= cardinality(xs) AND best <> 1e0 DO
      SET wa = element_at(ys, ix);
      SET wb = element_at(xs, iy);
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
      IF jw > best THEN
        SET best = jw;
      END IF;
      SET iy = iy + 1;
    END WHILE;
    SET sum_y = sum_y + best;
    SET ix = ix + 1;
  END WHILE;
  SET sum_y = sum_y / cardinality(ys);
  RETURN (sum_x + sum_y) / 2e0;
END;

-- "hive"."crm"."kindred_token_sort_ratio": the token_sort scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_token_sort_ratio"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), chr(28), chr(29), chr(30), chr(31), ' ', chr(133), chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288));
  DECLARE i, j, zero BIGINT DEFAULT 0;
  DECLARE ch VARCHAR;
  DECLARE gap BOOLEAN DEFAULT FALSE;
  DECLARE prev_row, cur_row ARRAY(BIGINT);
  DECLARE joined, sa, sb VARCHAR;
  DECLARE total, common BIGINT DEFAULT 0;
  DECLARE ratio DOUBLE;
  SET joined = '';
  SET gap = FALSE;
  SET i = 1;
  WHILE i <= length(a) DO
    SET ch = substr(a, i, 1);
    IF strpos(ws, ch) > 0 THEN
      SET gap = TRUE;
    ELSE
      SET joined = IF(gap AND joined <> '', concat(joined, ' ', ch), concat(joined, ch));
      SET gap = FALSE;
    END IF;
    SET i = i + 1;
  END WHILE;
  SET sa = IF(joined = '', '', array_join(array_sort(split(joined, ' ')), ' '));
  SET joined = '';
  SET gap = FALSE;
  SET i = 1;
  WHILE i <= length(b) DO
    SET ch = substr(b, i, 1);
    IF strpos(ws, ch) > 0 THEN
      SET gap = TRUE;
    ELSE
      SET joined = IF(gap AND joined <> '', concat(joined, ' ', ch), concat(joined, ch));
      SET gap = FALSE;
    END IF;
    SET i = i + 1;
  END WHILE;
  SET sb = IF(joined = '', '', array_join(array_sort(split(joined, ' ')), ' '));
  SET total = length(sa) + length(sb);
  IF total = 0 THEN
    SET ratio = 1e0;
  ELSE
    SET prev_row = repeat(zero, length(sb) + 1);
  SET i = 1;
  WHILE i <= length(sa) DO
    SET ch = substr(sa, i, 1);
    SET cur_row = ARRAY[zero];
    SET j = 1;
    WHILE j <= length(sb) DO
      IF substr(sb, j, 1) = ch THEN
        SET cur_row = cur_row || (element_at(prev_row, j) + 1);
      ELSE
        SET cur_row = cur_row || greatest(element_at(prev_row, j + 1), element_at(cur_row, j));
      END IF;
      SET j = j + 1;
    END WHILE;
    SET prev_row = cur_row;
    SET i = i + 1;
  END WHILE;
  SET common = element_at(prev_row, length(sb) + 1);
    SET ratio = 1e0 - CAST(total - 2 * common AS DOUBLE) / total;
  END IF;
  RETURN ratio;
END;

-- "hive"."crm"."kindred_records": one row per record: its id and every prepared (transformed) field
CREATE TABLE "hive"."crm"."kindred_records" AS
SELECT row_id,
  NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE substr(c0, 1, 8) END, '') AS c0,
  c1,
  c2,
  c3,
  c4,
  c5,
  c6
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE regexp_replace(c0, '[^a-zA-Z]+', '') END, '') AS c0,
    c1,
    c2,
    c3,
    c4,
    c5,
    c6
  FROM (
    SELECT row_id,
      NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE "hive"."crm"."kindred_token_sort"(c0) END, '') AS c0,
      NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE "hive"."crm"."kindred_code_token"(c1) END, '') AS c1,
      NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c2)) = length(c2)) THEN regexp_replace(regexp_replace(c2, '[\t\n\x0B\f\r\x1C-\x1F ]+', ' '), '^ | $', '') ELSE fail('kindred: matchkeys[0] (product).fields[0] (title): transform normalize_whitespace is compiled for ASCII text only in trino; got another character') END END, '') AS c2,
      c3,
      c4,
      c5,
      c6
    FROM (
      SELECT row_id,
        NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c0)) = length(c0)) THEN lower(c0) ELSE fail('kindred: blocking.keys[0].fields[0]: transform lowercase is compiled for ASCII text only in trino; got another character') END END, '') AS c0,
        NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c1)) = length(c1)) THEN lower(c1) ELSE fail('kindred: blocking.keys[1].fields[0]: transform lowercase is compiled for ASCII text only in trino; got another character') END END, '') AS c1,
        NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c2)) = length(c2)) THEN lower(c2) ELSE fail('kindred: matchkeys[0] (product).fields[0] (title): transform lowercase is compiled for ASCII text only in trino; got another character') END END, '') AS c2,
        NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE "hive"."crm"."kindred_amount"(c3) END, '') AS c3,
        NULLIF(CASE WHEN c4 IS NULL THEN NULL ELSE "hive"."crm"."kindred_amount"(c4) END, '') AS c4,
        NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE CASE WHEN (length(to_utf8(c5)) = length(c5)) THEN lower(c5) ELSE fail('kindred: matchkeys[0] (product).fields[4] (authors): transform lowercase is compiled for ASCII text only in trino; got another character') END END, '') AS c5,
        c6
      FROM (
        SELECT "record_id" AS row_id,
          NULLIF(CAST("title" AS VARCHAR), '') AS c0,
          NULLIF(CAST("title" AS VARCHAR), '') AS c1,
          NULLIF(CAST("title" AS VARCHAR), '') AS c2,
          NULLIF(CAST("price" AS VARCHAR), '') AS c3,
          NULLIF(CAST("weight" AS VARCHAR), '') AS c4,
          NULLIF(CAST("authors" AS VARCHAR), '') AS c5,
          NULLIF(CAST("brand" AS VARCHAR), '') AS c6
        FROM "hive"."crm"."people"
      ) AS step1
    ) AS step2
  ) AS step3
) AS step4;

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
        CASE WHEN ((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.7e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.3e0 END) > 0e0 THEN ((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.25e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.25e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.7e0 * s4 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.3e0 * s5 END) / greatest(((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.7e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.3e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE "hive"."crm"."kindred_token_set"(l.c2, r.c2) END AS s0,
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 ELSE 0e0 END AS s1,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE "hive"."crm"."kindred_numeric_diff"(l.c3, r.c3, 'pct', 0.1e0) END AS s2,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE "hive"."crm"."kindred_numeric_diff"(l.c4, r.c4, 'abs', 5e0) END AS s3,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE "hive"."crm"."kindred_monge_elkan"(l.c5, r.c5) END AS s4,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE "hive"."crm"."kindred_token_sort_ratio"(l.c6, r.c6) END AS s5
        FROM "hive"."crm"."kindred_candidates" AS c
        JOIN "hive"."crm"."kindred_records" AS l ON l.row_id = c.a
        JOIN "hive"."crm"."kindred_records" AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
