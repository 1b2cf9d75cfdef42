-- kindred: more-functions.yaml compiled for trino
-- Reads hive.crm.people (record id: record_id); every compared column is read as text.
-- Makes "hive"."crm"."kindred_ascii_fold", "hive"."crm"."kindred_qgram", "hive"."crm"."kindred_metaphone", "hive"."crm"."kindred_strip_honorifics", "hive"."crm"."kindred_geo_haversine", "hive"."crm"."kindred_date_diff", "hive"."crm"."kindred_date", "hive"."crm"."kindred_ensemble", "hive"."crm"."kindred_soundex_match", "hive"."crm"."kindred_metaphone_match", "hive"."crm"."kindred_qgram_jaccard", "hive"."crm"."kindred_records", "hive"."crm"."kindred_candidates", "hive"."crm"."kindred_edges".
-- "hive"."crm"."kindred_edges": a < b (record ids), score, decider (the deciding matchkey: 0 = place), matched (else the pair is in the review band).
-- Cluster them: export "hive"."crm"."kindred_edges" as CSV or Parquet, then kindred cluster --edges <that file> --config more-functions.yaml

-- "hive"."crm"."kindred_ascii_fold": the ascii_fold transform as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_ascii_fold"(x VARCHAR)
RETURNS VARCHAR
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  RETURN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(regexp_replace(normalize(x, NFKD), '\p{Mn}+', ''), 'ß', 'ss'), 'ẞ', 'SS'), 'æ', 'ae'), 'Æ', 'AE'), 'œ', 'oe'), 'Œ', 'OE'), 'ø', 'o'), 'Ø', 'O'), 'ł', 'l'), 'Ł', 'L'), 'đ', 'd'), 'Đ', 'D'), 'ð', 'd'), 'Ð', 'D'), 'þ', 'th'), 'Þ', 'TH'), 'ı', 'i');
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

-- "hive"."crm"."kindred_metaphone": the metaphone transform as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_metaphone"(x VARCHAR)
RETURNS VARCHAR
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE code_x VARCHAR;
  DECLARE vs, c, nx, af, pv VARCHAR;
  DECLARE n, i BIGINT DEFAULT 0;
  SET code_x = '';
  SET vs = normalize(upper(replace(normalize(x, NFKD), 'ß', 'SS')), NFKD);
  IF regexp_like(upper(x), '^(KN|GN|PN|WR|AE)') THEN
    SET vs = substr(vs, 2);
  END IF;
  SET n = length(vs);
  SET i = 0;
  WHILE i < n DO
    SET c = substr(vs, i + 1, 1);
    SET nx = IF(i + 1 < n, substr(vs, i + 2, 1), '*');
    SET af = IF(i + 2 < n, substr(vs, i + 3, 1), '*');
    SET pv = IF(i > 0, substr(vs, i, 1), '');
    IF c = nx AND c <> 'C' THEN
      SET i = i + 1;
    ELSE
      IF c IN ('A', 'E', 'I', 'O', 'U') THEN
        IF i = 0 OR pv = ' ' THEN
          SET code_x = concat(code_x, c);
        END IF;
      ELSEIF c = 'B' THEN
        IF pv <> 'M' OR nx <> '*' THEN
          SET code_x = concat(code_x, 'B');
        END IF;
      ELSEIF c = 'C' THEN
        IF (nx = 'I' AND af = 'A') OR nx = 'H' THEN
          SET code_x = concat(code_x, 'X');
          SET i = i + 1;
        ELSEIF nx IN ('I', 'E', 'Y') THEN
          SET code_x = concat(code_x, 'S');
          SET i = i + 1;
        ELSE
          SET code_x = concat(code_x, 'K');
        END IF;
      ELSEIF c = 'D' THEN
        IF nx = 'G' AND af IN ('I', 'E', 'Y') THEN
          SET code_x = concat(code_x, 'J');
          SET i = i + 2;
        ELSE
          SET code_x = concat(code_x, 'T');
        END IF;
      ELSEIF c IN ('F', 'J', 'L', 'M', 'N', 'R') THEN
        SET code_x = concat(code_x, c);
      ELSEIF c = 'G' THEN
        IF nx IN ('I', 'E', 'Y') THEN
          SET code_x = concat(code_x, 'J');
        ELSEIF (nx = 'H' AND af <> '*' AND NOT af IN ('A', 'E', 'I', 'O', 'U')) OR (nx = 'N' AND af = '*') THEN
          SET i = i + 1;
        ELSE
          SET code_x = concat(code_x, 'K');
        END IF;
      ELSEIF c = 'H' THEN
        IF i = 0 OR nx IN ('A', 'E', 'I', 'O', 'U') OR NOT pv IN ('A', 'E', 'I', 'O', 'U') THEN
          SET code_x = concat(code_x, 'H');
        END IF;
      ELSEIF c = 'K' THEN
        IF pv <> 'C' THEN
          SET code_x = concat(code_x, 'K');
        END IF;
      ELSEIF c = 'P' THEN
        IF nx = 'H' THEN
          SET code_x = concat(code_x, 'F');
          SET i = i + 1;
        ELSE
          SET code_x = concat(code_x, 'P');
        END IF;
      ELSEIF c = 'Q' THEN
        SET code_x = concat(code_x, 'K');
      ELSEIF c = 'S' THEN
        IF nx = 'H' THEN
          SET code_x = concat(code_x, 'X');
          SET i = i + 1;
        ELSEIF nx = 'I' AND af IN ('O', 'A') THEN
          SET code_x = concat(code_x, 'X');
          SET i = i + 2;
        ELSE
          SET code_x = concat(code_x, 'S');
        END IF;
      ELSEIF c = 'T' THEN
        IF nx = 'I' AND af IN ('O', 'A') THEN
          SET code_x = concat(code_x, 'X');
        ELSEIF nx = 'H' THEN
          SET code_x = concat(code_x, '0');
          SET i = i + 1;
        ELSEIF nx <> 'C' OR af <> 'H' THEN
          SET code_x = concat(code_x, 'T');
        END IF;
      ELSEIF c = 'V' THEN
        SET code_x = concat(code_x, 'F');
      ELSEIF c = 'W' THEN
        IF i = 0 AND nx = 'H' THEN
          SET code_x = concat(code_x, 'W');
          SET i = i + 1;
        ELSEIF nx IN ('A', 'E', 'I', 'O', 'U') THEN
          SET code_x = concat(code_x, 'W');
        END IF;
      ELSEIF c = 'X' THEN
        IF i > 0 THEN
          SET code_x = concat(code_x, 'KS');
        ELSEIF nx = 'H' OR (nx = 'I' AND af IN ('O', 'A')) THEN
          SET code_x = concat(code_x, 'X');
        ELSE
          SET code_x = concat(code_x, 'S');
        END IF;
      ELSEIF c = 'Y' THEN
        IF nx IN ('A', 'E', 'I', 'O', 'U') THEN
          SET code_x = concat(code_x, 'Y');
        END IF;
      ELSEIF c = 'Z' THEN
        SET code_x = concat(code_x, 'S');
      ELSEIF c = ' ' THEN
        IF length(code_x) > 0 AND substr(code_x, length(code_x), 1) <> ' ' THEN
          SET code_x = concat(code_x, ' ');
        END IF;
      END IF;
      SET i = i + 1;
    END IF;
  END WHILE;
  RETURN code_x;
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

-- "hive"."crm"."kindred_geo_haversine": the geo_haversine scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_geo_haversine"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), chr(28), chr(29), chr(30), chr(31), ' ', chr(133), chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288));
  DECLARE i, j BIGINT DEFAULT 0;
  DECLARE stripped, piece VARCHAR;
  DECLARE parts ARRAY(VARCHAR);
  DECLARE lat_v, lon_v, lat_a, lon_a, lat_b, lon_b, radians, sin_lat, sin_lon, h, km DOUBLE;
  SET parts = regexp_split(a, '[,;]');
  SET lat_v = NULL;
  SET lon_v = NULL;
  IF cardinality(parts) = 2 THEN
    SET piece = element_at(parts, 1);
    SET i = 1;
  WHILE i <= length(piece) AND strpos(ws, substr(piece, i, 1)) > 0 DO
    SET i = i + 1;
  END WHILE;
  SET j = length(piece);
  WHILE j >= i AND strpos(ws, substr(piece, j, 1)) > 0 DO
    SET j = j - 1;
  END WHILE;
  SET stripped = substr(piece, i, j - i + 1);
  IF regexp_like(stripped, '^[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$') THEN
    SET lat_v = CAST(replace(stripped, '_', '') AS DOUBLE);
    IF NOT is_finite(lat_v) THEN
      SET lat_v = NULL;
    END IF;
  END IF;
    SET piece = element_at(parts, 2);
    SET i = 1;
  WHILE i <= length(piece) AND strpos(ws, substr(piece, i, 1)) > 0 DO
    SET i = i + 1;
  END WHILE;
  SET j = length(piece);
  WHILE j >= i AND strpos(ws, substr(piece, j, 1)) > 0 DO
    SET j = j - 1;
  END WHILE;
  SET stripped = substr(piece, i, j - i + 1);
  IF regexp_like(stripped, '^[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$') THEN
    SET lon_v = CAST(replace(stripped, '_', '') AS DOUBLE);
    IF NOT is_finite(lon_v) THEN
      SET lon_v = NULL;
    END IF;
  END IF;
  END IF;
  IF lat_v IS NOT NULL AND lon_v IS NOT NULL AND abs(lat_v) <= 90 AND abs(lon_v) <= 180 THEN
    SET lat_a = lat_v;
    SET lon_a = lon_v;
  END IF;
  SET parts = regexp_split(b, '[,;]');
  SET lat_v = NULL;
  SET lon_v = NULL;
  IF cardinality(parts) = 2 THEN
    SET piece = element_at(parts, 1);
    SET i = 1;
  WHILE i <= length(piece) AND strpos(ws, substr(piece, i, 1)) > 0 DO
    SET i = i + 1;
  END WHILE;
  SET j = length(piece);
  WHILE j >= i AND strpos(ws, substr(piece, j, 1)) > 0 DO
    SET j = j - 1;
  END WHILE;
  SET stripped = substr(piece, i, j - i + 1);
  IF regexp_like(stripped, '^[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$') THEN
    SET lat_v = CAST(replace(stripped, '_', '') AS DOUBLE);
    IF NOT is_finite(lat_v) THEN
      SET lat_v = NULL;
    END IF;
  END IF;
    SET piece = element_at(parts, 2);
    SET i = 1;
  WHILE i <= length(piece) AND strpos(ws, substr(piece, i, 1)) > 0 DO
    SET i = i + 1;
  END WHILE;
  SET j = length(piece);
  WHILE j >= i AND strpos(ws, substr(piece, j, 1)) > 0 DO
    SET j = j - 1;
  END WHILE;
  SET stripped = substr(piece, i, j - i + 1);
  IF regexp_like(stripped, '^[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$') THEN
    SET lon_v = CAST(replace(stripped, '_', '') AS DOUBLE);
    IF NOT is_finite(lon_v) THEN
      SET lon_v = NULL;
    END IF;
  END IF;
  END IF;
  IF lat_v IS NOT NULL AND lon_v IS NOT NULL AND abs(lat_v) <= 90 AND abs(lon_v) <= 180 THEN
    SET lat_b = lat_v;
    SET lon_b = lon_v;
  END IF;
  IF lat_a IS NULL OR lat_b IS NULL THEN
    RETURN IF(a = b, 1e0, 0e0);
  END IF;
  SET radians = pi() / 180;
  SET sin_lat = sin(((lat_b - lat_a) * radians) / 2);
  SET sin_lon = sin(((lon_b - lon_a) * radians) / 2);
  SET h = sin_lat * sin_lat + cos(lat_a * radians) * cos(lat_b * radians) * sin_lon * sin_lon;
  SET km = 2 * 6371.0088e0 * asin(sqrt(least(1e0, h)));
  IF km <= 0.1e0 THEN
    RETURN 1e0;
  ELSEIF km <= 1 THEN
    RETURN 0.85e0;
  ELSEIF km <= 10 THEN
    RETURN 0.5e0;
  ELSEIF km <= 100 THEN
    RETURN 0.2e0;
  END IF;
  RETURN 0e0;
END;

-- "hive"."crm"."kindred_date_diff": the date_diff scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_date_diff"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), chr(28), chr(29), chr(30), chr(31), ' ', chr(133), chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288));
  DECLARE s, da, db VARCHAR;
  DECLARE zero, dist, yy, mm, dd, dim, ey, era, yoe, a_y, a_m, a_d, a_n, b_y, b_m, b_d, b_n, days BIGINT DEFAULT 0;
  DECLARE lev_prev, lev_cur ARRAY(BIGINT);
  DECLARE sim, score DOUBLE;
  DECLARE d ARRAY(ARRAY(BIGINT));
  DECLARE cur ARRAY(BIGINT);
  DECLARE n_a, n_b, inf, i, j, k, l, found, last_match, cost, best BIGINT DEFAULT 0;
  DECLARE ca, cb VARCHAR;
  SET i = 1;
  WHILE i <= length(a) AND strpos(ws, substr(a, i, 1)) > 0 DO
    SET i = i + 1;
  END WHILE;
  SET j = length(a);
  WHILE j >= i AND strpos(ws, substr(a, j, 1)) > 0 DO
    SET j = j - 1;
  END WHILE;
  SET s = substr(a, i, j - i + 1);
  SET yy = NULL;
  IF regexp_like(s, '^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$') OR regexp_like(s, '^[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}$') THEN
    SET yy = CAST(substr(s, 1, 4) AS BIGINT);
    SET mm = CAST(regexp_extract(s, '^[0-9]{4}[-/]([0-9]{1,2})', 1) AS BIGINT);
    SET dd = CAST(regexp_extract(s, '([0-9]{1,2})$', 1) AS BIGINT);
  ELSEIF regexp_like(s, '^[0-9]{8}$') THEN
    SET yy = CAST(substr(s, 1, 4) AS BIGINT);
    SET mm = CAST(substr(s, 5, 2) AS BIGINT);
    SET dd = CAST(substr(s, 7, 2) AS BIGINT);
  ELSEIF regexp_like(s, '^[0-9]{4}$') THEN
    SET yy = CAST(s AS BIGINT);
    SET mm = 1;
    SET dd = 1;
  END IF;
  SET a_n = NULL;
  IF yy IS NOT NULL THEN
    SET dim = IF(mm = 2, IF((yy % 4 = 0 AND yy % 100 <> 0) OR yy % 400 = 0, 29, 28), element_at(ARRAY[31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], greatest(least(mm, 12), 1)));
    IF yy >= 1 AND mm >= 1 AND mm <= 12 AND dd >= 1 AND dd <= dim THEN
      SET ey = IF(mm <= 2, yy - 1, yy);
      SET era = ey / 400;
      SET yoe = ey - era * 400;
      SET a_y = yy;
      SET a_m = mm;
      SET a_d = dd;
      SET a_n = era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + (153 * (mm + IF(mm > 2, -3, 9)) + 2) / 5 + dd - 1 - 719468;
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
  SET s = substr(b, i, j - i + 1);
  SET yy = NULL;
  IF regexp_like(s, '^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$') OR regexp_like(s, '^[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}$') THEN
    SET yy = CAST(substr(s, 1, 4) AS BIGINT);
    SET mm = CAST(regexp_extract(s, '^[0-9]{4}[-/]([0-9]{1,2})', 1) AS BIGINT);
    SET dd = CAST(regexp_extract(s, '([0-9]{1,2})$', 1) AS BIGINT);
  ELSEIF regexp_like(s, '^[0-9]{8}$') THEN
    SET yy = CAST(substr(s, 1, 4) AS BIGINT);
    SET mm = CAST(substr(s, 5, 2) AS BIGINT);
    SET dd = CAST(substr(s, 7, 2) AS BIGINT);
  ELSEIF regexp_like(s, '^[0-9]{4}$') THEN
    SET yy = CAST(s AS BIGINT);
    SET mm = 1;
    SET dd = 1;
  END IF;
  SET b_n = NULL;
  IF yy IS NOT NULL THEN
    SET dim = IF(mm = 2, IF((yy % 4 = 0 AND yy % 100 <> 0) OR yy % 400 = 0, 29, 28), element_at(ARRAY[31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], greatest(least(mm, 12), 1)));
    IF yy >= 1 AND mm >= 1 AND mm <= 12 AND dd >= 1 AND dd <= dim THEN
      SET ey = IF(mm <= 2, yy - 1, yy);
      SET era = ey / 400;
      SET yoe = ey - era * 400;
      SET b_y = yy;
      SET b_m = mm;
      SET b_d = dd;
      SET b_n = era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + (153 * (mm + IF(mm > 2, -3, 9)) + 2) / 5 + dd - 1 - 719468;
    END IF;
  END IF;
  IF a_n IS NULL OR b_n IS NULL THEN
    IF length(a) = 10 AND length(b) = 10 AND regexp_like(a, '^[0-9]{4}-[0-9]{2}-[0-9]{2}') AND regexp_like(b, '^[0-9]{4}-[0-9]{2}-[0-9]{2}') THEN
    SET da = replace(a, '-', '');
    SET db = replace(b, '-', '');
    SET n_a = length(da);
  SET n_b = length(db);
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
    SET ca = substr(da, i, 1);
    SET last_match = 0;
    SET cur = ARRAY[inf, i];
    SET j = 1;
    WHILE j <= n_b DO
      SET cb = substr(db, j, 1);
      SET found = strpos(reverse(substr(da, 1, i - 1)), cb);
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
  SET dist = element_at(element_at(d, n_a + 2), n_b + 2);
    SET sim = IF(dist = 0, 1e0, IF(dist = 1, 0.9e0, IF(dist = 2, 0.75e0, 0e0)));
  ELSEIF greatest(length(a), length(b)) = 0 THEN
    SET sim = 1e0;
  ELSE
    SET lev_prev = ARRAY[zero];
    SET j = 1;
    WHILE j <= length(b) DO
      SET lev_prev = lev_prev || j;
      SET j = j + 1;
    END WHILE;
    SET i = 1;
    WHILE i <= length(a) DO
      SET lev_cur = ARRAY[i];
      SET j = 1;
      WHILE j <= length(b) DO
        SET cost = IF(substr(a, i, 1) = substr(b, j, 1), 0, 1);
        SET lev_cur = lev_cur || least(element_at(lev_prev, j + 1) + 1, element_at(lev_cur, j) + 1, element_at(lev_prev, j) + cost);
        SET j = j + 1;
      END WHILE;
      SET lev_prev = lev_cur;
      SET i = i + 1;
    END WHILE;
    SET sim = 1e0 - CAST(element_at(lev_prev, length(b) + 1) AS DOUBLE) / greatest(length(a), length(b));
  END IF;
    RETURN sim;
  END IF;
  SET days = abs(a_n - b_n);
  SET score = IF(days = 0, 1e0, IF(days <= 1, 0.92e0, IF(days <= 31, 0.8e0, IF(days <= 366, 0.6e0, IF(days <= 1827, 0.3e0, 0e0)))));
  IF a_y = b_y AND a_m = b_d AND a_d = b_m AND score < 0.8e0 THEN
    RETURN 0.8e0;
  END IF;
  RETURN score;
END;

-- "hive"."crm"."kindred_date": the date scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_date"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), chr(28), chr(29), chr(30), chr(31), ' ', chr(133), chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288));
  DECLARE s, da, db VARCHAR;
  DECLARE zero, dist, yy, mm, dd, dim, ey, era, yoe, a_y, a_m, a_d, a_n, b_y, b_m, b_d, b_n, days BIGINT DEFAULT 0;
  DECLARE lev_prev, lev_cur ARRAY(BIGINT);
  DECLARE sim, score DOUBLE;
  DECLARE d ARRAY(ARRAY(BIGINT));
  DECLARE cur ARRAY(BIGINT);
  DECLARE n_a, n_b, inf, i, j, k, l, found, last_match, cost, best BIGINT DEFAULT 0;
  DECLARE ca, cb VARCHAR;
  IF length(a) = 10 AND length(b) = 10 AND regexp_like(a, '^[0-9]{4}-[0-9]{2}-[0-9]{2}') AND regexp_like(b, '^[0-9]{4}-[0-9]{2}-[0-9]{2}') THEN
    SET da = replace(a, '-', '');
    SET db = replace(b, '-', '');
    SET n_a = length(da);
  SET n_b = length(db);
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
    SET ca = substr(da, i, 1);
    SET last_match = 0;
    SET cur = ARRAY[inf, i];
    SET j = 1;
    WHILE j <= n_b DO
      SET cb = substr(db, j, 1);
      SET found = strpos(reverse(substr(da, 1, i - 1)), cb);
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
  SET dist = element_at(element_at(d, n_a + 2), n_b + 2);
    SET sim = IF(dist = 0, 1e0, IF(dist = 1, 0.9e0, IF(dist = 2, 0.75e0, 0e0)));
  ELSEIF greatest(length(a), length(b)) = 0 THEN
    SET sim = 1e0;
  ELSE
    SET lev_prev = ARRAY[zero];
    SET j = 1;
    WHILE j <= length(b) DO
      SET lev_prev = lev_prev || j;
      SET j = j + 1;
    END WHILE;
    SET i = 1;
    WHILE i <= length(a) DO
      SET lev_cur = ARRAY[i];
      SET j = 1;
      WHILE j <= length(b) DO
        SET cost = IF(substr(a, i, 1) = substr(b, j, 1), 0, 1);
        SET lev_cur = lev_cur || least(element_at(lev_prev, j + 1) + 1, element_at(lev_cur, j) + 1, element_at(lev_prev, j) + cost);
        SET j = j + 1;
      END WHILE;
      SET lev_prev = lev_cur;
      SET i = i + 1;
    END WHILE;
    SET sim = 1e0 - CAST(element_at(lev_prev, length(b) + 1) AS DOUBLE) / greatest(length(a), length(b));
  END IF;
  RETURN sim;
END;

-- "hive"."crm"."kindred_ensemble": the ensemble scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_ensemble"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE ws VARCHAR DEFAULT concat(chr(9), chr(10), chr(11), chr(12), chr(13), chr(28), chr(29), chr(30), chr(31), ' ', chr(133), chr(160), chr(5760), chr(8192), chr(8193), chr(8194), chr(8195), chr(8196), chr(8197), chr(8198), chr(8199), chr(8200), chr(8201), chr(8202), chr(8232), chr(8233), chr(8239), chr(8287), chr(12288));
  DECLARE wa, wb, flags, chars, c, ch, joined, sa, sb, s, sx, code_a, code_b VARCHAR;
  DECLARE i, j, hi, m, k, t, lim, p, n_a, n_b, span, zero, total, common, n, digits, previous, code, cp BIGINT DEFAULT 0;
  DECLARE hit, gap BOOLEAN DEFAULT FALSE;
  DECLARE prev_row, cur_row ARRAY(BIGINT);
  DECLARE jw, ts DOUBLE;
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
    SET ts = 1e0;
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
    SET ts = 1e0 - CAST(total - 2 * common AS DOUBLE) / total;
  END IF;
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
  RETURN greatest(jw, ts, IF(code_a <> '' AND code_a = code_b, 0.8e0, 0e0));
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

-- "hive"."crm"."kindred_metaphone_match": the metaphone_match scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_metaphone_match"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE code_a, code_b VARCHAR;
  DECLARE vs, c, nx, af, pv VARCHAR;
  DECLARE n, i BIGINT DEFAULT 0;
  SET code_a = '';
  SET vs = normalize(upper(replace(normalize(a, NFKD), 'ß', 'SS')), NFKD);
  IF regexp_like(upper(a), '^(KN|GN|PN|WR|AE)') THEN
    SET vs = substr(vs, 2);
  END IF;
  SET n = length(vs);
  SET i = 0;
  WHILE i < n DO
    SET c = substr(vs, i + 1, 1);
    SET nx = IF(i + 1 < n, substr(vs, i + 2, 1), '*');
    SET af = IF(i + 2 < n, substr(vs, i + 3, 1), '*');
    SET pv = IF(i > 0, substr(vs, i, 1), '');
    IF c = nx AND c <> 'C' THEN
      SET i = i + 1;
    ELSE
      IF c IN ('A', 'E', 'I', 'O', 'U') THEN
        IF i = 0 OR pv = ' ' THEN
          SET code_a = concat(code_a, c);
        END IF;
      ELSEIF c = 'B' THEN
        IF pv <> 'M' OR nx <> '*' THEN
          SET code_a = concat(code_a, 'B');
        END IF;
      ELSEIF c = 'C' THEN
        IF (nx = 'I' AND af = 'A') OR nx = 'H' THEN
          SET code_a = concat(code_a, 'X');
          SET i = i + 1;
        ELSEIF nx IN ('I', 'E', 'Y') THEN
          SET code_a = concat(code_a, 'S');
          SET i = i + 1;
        ELSE
          SET code_a = concat(code_a, 'K');
        END IF;
      ELSEIF c = 'D' THEN
        IF nx = 'G' AND af IN ('I', 'E', 'Y') THEN
          SET code_a = concat(code_a, 'J');
          SET i = i + 2;
        ELSE
          SET code_a = concat(code_a, 'T');
        END IF;
      ELSEIF c IN ('F', 'J', 'L', 'M', 'N', 'R') THEN
        SET code_a = concat(code_a, c);
      ELSEIF c = 'G' THEN
        IF nx IN ('I', 'E', 'Y') THEN
          SET code_a = concat(code_a, 'J');
        ELSEIF (nx = 'H' AND af <> '*' AND NOT af IN ('A', 'E', 'I', 'O', 'U')) OR (nx = 'N' AND af = '*') THEN
          SET i = i + 1;
        ELSE
          SET code_a = concat(code_a, 'K');
        END IF;
      ELSEIF c = 'H' THEN
        IF i = 0 OR nx IN ('A', 'E', 'I', 'O', 'U') OR NOT pv IN ('A', 'E', 'I', 'O', 'U') THEN
          SET code_a = concat(code_a, 'H');
        END IF;
      ELSEIF c = 'K' THEN
        IF pv <> 'C' THEN
          SET code_a = concat(code_a, 'K');
        END IF;
      ELSEIF c = 'P' THEN
        IF nx = 'H' THEN
          SET code_a = concat(code_a, 'F');
          SET i = i + 1;
        ELSE
          SET code_a = concat(code_a, 'P');
        END IF;
      ELSEIF c = 'Q' THEN
        SET code_a = concat(code_a, 'K');
      ELSEIF c = 'S' THEN
        IF nx = 'H' THEN
          SET code_a = concat(code_a, 'X');
          SET i = i + 1;
        ELSEIF nx = 'I' AND af IN ('O', 'A') THEN
          SET code_a = concat(code_a, 'X');
          SET i = i + 2;
        ELSE
          SET code_a = concat(code_a, 'S');
        END IF;
      ELSEIF c = 'T' THEN
        IF nx = 'I' AND af IN ('O', 'A') THEN
          SET code_a = concat(code_a, 'X');
        ELSEIF nx = 'H' THEN
          SET code_a = concat(code_a, '0');
          SET i = i + 1;
        ELSEIF nx <> 'C' OR af <> 'H' THEN
          SET code_a = concat(code_a, 'T');
        END IF;
      ELSEIF c = 'V' THEN
        SET code_a = concat(code_a, 'F');
      ELSEIF c = 'W' THEN
        IF i = 0 AND nx = 'H' THEN
          SET code_a = concat(code_a, 'W');
          SET i = i + 1;
        ELSEIF nx IN ('A', 'E', 'I', 'O', 'U') THEN
          SET code_a = concat(code_a, 'W');
        END IF;
      ELSEIF c = 'X' THEN
        IF i > 0 THEN
          SET code_a = concat(code_a, 'KS');
        ELSEIF nx = 'H' OR (nx = 'I' AND af IN ('O', 'A')) THEN
          SET code_a = concat(code_a, 'X');
        ELSE
          SET code_a = concat(code_a, 'S');
        END IF;
      ELSEIF c = 'Y' THEN
        IF nx IN ('A', 'E', 'I', 'O', 'U') THEN
          SET code_a = concat(code_a, 'Y');
        END IF;
      ELSEIF c = 'Z' THEN
        SET code_a = concat(code_a, 'S');
      ELSEIF c = ' ' THEN
        IF length(code_a) > 0 AND substr(code_a, length(code_a), 1) <> ' ' THEN
          SET code_a = concat(code_a, ' ');
        END IF;
      END IF;
      SET i = i + 1;
    END IF;
  END WHILE;
  SET code_b = '';
  SET vs = normalize(upper(replace(normalize(b, NFKD), 'ß', 'SS')), NFKD);
  IF regexp_like(upper(b), '^(KN|GN|PN|WR|AE)') THEN
    SET vs = substr(vs, 2);
  END IF;
  SET n = length(vs);
  SET i = 0;
  WHILE i < n DO
    SET c = substr(vs, i + 1, 1);
    SET nx = IF(i + 1 < n, substr(vs, i + 2, 1), '*');
    SET af = IF(i + 2 < n, substr(vs, i + 3, 1), '*');
    SET pv = IF(i > 0, substr(vs, i, 1), '');
    IF c = nx AND c <> 'C' THEN
      SET i = i + 1;
    ELSE
      IF c IN ('A', 'E', 'I', 'O', 'U') THEN
        IF i = 0 OR pv = ' ' THEN
          SET code_b = concat(code_b, c);
        END IF;
      ELSEIF c = 'B' THEN
        IF pv <> 'M' OR nx <> '*' THEN
          SET code_b = concat(code_b, 'B');
        END IF;
      ELSEIF c = 'C' THEN
        IF (nx = 'I' AND af = 'A') OR nx = 'H' THEN
          SET code_b = concat(code_b, 'X');
          SET i = i + 1;
        ELSEIF nx IN ('I', 'E', 'Y') THEN
          SET code_b = concat(code_b, 'S');
          SET i = i + 1;
        ELSE
          SET code_b = concat(code_b, 'K');
        END IF;
      ELSEIF c = 'D' THEN
        IF nx = 'G' AND af IN ('I', 'E', 'Y') THEN
          SET code_b = concat(code_b, 'J');
          SET i = i + 2;
        ELSE
          SET code_b = concat(code_b, 'T');
        END IF;
      ELSEIF c IN ('F', 'J', 'L', 'M', 'N', 'R') THEN
        SET code_b = concat(code_b, c);
      ELSEIF c = 'G' THEN
        IF nx IN ('I', 'E', 'Y') THEN
          SET code_b = concat(code_b, 'J');
        ELSEIF (nx = 'H' AND af <> '*' AND NOT af IN ('A', 'E', 'I', 'O', 'U')) OR (nx = 'N' AND af = '*') THEN
          SET i = i + 1;
        ELSE
          SET code_b = concat(code_b, 'K');
        END IF;
      ELSEIF c = 'H' THEN
        IF i = 0 OR nx IN ('A', 'E', 'I', 'O', 'U') OR NOT pv IN ('A', 'E', 'I', 'O', 'U') THEN
          SET code_b = concat(code_b, 'H');
        END IF;
      ELSEIF c = 'K' THEN
        IF pv <> 'C' THEN
          SET code_b = concat(code_b, 'K');
        END IF;
      ELSEIF c = 'P' THEN
        IF nx = 'H' THEN
          SET code_b = concat(code_b, 'F');
          SET i = i + 1;
        ELSE
          SET code_b = concat(code_b, 'P');
        END IF;
      ELSEIF c = 'Q' THEN
        SET code_b = concat(code_b, 'K');
      ELSEIF c = 'S' THEN
        IF nx = 'H' THEN
          SET code_b = concat(code_b, 'X');
          SET i = i + 1;
        ELSEIF nx = 'I' AND af IN ('O', 'A') THEN
          SET code_b = concat(code_b, 'X');
          SET i = i + 2;
        ELSE
          SET code_b = concat(code_b, 'S');
        END IF;
      ELSEIF c = 'T' THEN
        IF nx = 'I' AND af IN ('O', 'A') THEN
          SET code_b = concat(code_b, 'X');
        ELSEIF nx = 'H' THEN
          SET code_b = concat(code_b, '0');
          SET i = i + 1;
        ELSEIF nx <> 'C' OR af <> 'H' THEN
          SET code_b = concat(code_b, 'T');
        END IF;
      ELSEIF c = 'V' THEN
        SET code_b = concat(code_b, 'F');
      ELSEIF c = 'W' THEN
        IF i = 0 AND nx = 'H' THEN
          SET code_b = concat(code_b, 'W');
          SET i = i + 1;
        ELSEIF nx IN ('A', 'E', 'I', 'O', 'U') THEN
          SET code_b = concat(code_b, 'W');
        END IF;
      ELSEIF c = 'X' THEN
        IF i > 0 THEN
          SET code_b = concat(code_b, 'KS');
        ELSEIF nx = 'H' OR (nx = 'I' AND af IN ('O', 'A')) THEN
          SET code_b = concat(code_b, 'X');
        ELSE
          SET code_b = concat(code_b, 'S');
        END IF;
      ELSEIF c = 'Y' THEN
        IF nx IN ('A', 'E', 'I', 'O', 'U') THEN
          SET code_b = concat(code_b, 'Y');
        END IF;
      ELSEIF c = 'Z' THEN
        SET code_b = concat(code_b, 'S');
      ELSEIF c = ' ' THEN
        IF length(code_b) > 0 AND substr(code_b, length(code_b), 1) <> ' ' THEN
          SET code_b = concat(code_b, ' ');
        END IF;
      END IF;
      SET i = i + 1;
    END IF;
  END WHILE;
  RETURN IF(code_a <> '' AND code_a = code_b, 1e0, 0e0);
END;

-- "hive"."crm"."kindred_qgram_jaccard": the qgram scorer as a function (trino has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION "hive"."crm"."kindred_qgram_jaccard"(a VARCHAR, b VARCHAR)
RETURNS DOUBLE
LANGUAGE SQL
DETERMINISTIC
RETURNS NULL ON NULL INPUT
BEGIN
  DECLARE la, lb, ch, padded, gram VARCHAR;
  DECLARE ga, gb ARRAY(VARCHAR);
  DECLARE i, k, shared, total BIGINT DEFAULT 0;
  DECLARE final_sigma BOOLEAN DEFAULT FALSE;
  IF a = b THEN
    RETURN 1e0;
  END IF;
  SET la = '';
  SET i = 1;
  WHILE i <= length(a) DO
    SET ch = substr(a, i, 1);
    IF ch = 'İ' THEN
      SET la = concat(la, 'i', chr(775));
    ELSEIF ch = 'Σ' THEN
      SET k = i - 1;
      WHILE k >= 1 AND regexp_like(substr(a, k, 1), '^\p{Case_Ignorable}$') DO
        SET k = k - 1;
      END WHILE;
      SET final_sigma = k >= 1 AND regexp_like(substr(a, k, 1), '^\p{Cased}$');
      SET k = i + 1;
      WHILE k <= length(a) AND regexp_like(substr(a, k, 1), '^\p{Case_Ignorable}$') DO
        SET k = k + 1;
      END WHILE;
      IF k <= length(a) AND regexp_like(substr(a, k, 1), '^\p{Cased}$') THEN
        SET final_sigma = FALSE;
      END IF;
      SET la = concat(la, IF(final_sigma, 'ς', 'σ'));
    ELSE
      SET la = concat(la, lower(ch));
    END IF;
    SET i = i + 1;
  END WHILE;
  SET lb = '';
  SET i = 1;
  WHILE i <= length(b) DO
    SET ch = substr(b, i, 1);
    IF ch = 'İ' THEN
      SET lb = concat(lb, 'i', chr(775));
    ELSEIF ch = 'Σ' THEN
      SET k = i - 1;
      WHILE k >= 1 AND regexp_like(substr(b, k, 1), '^\p{Case_Ignorable}$') DO
        SET k = k - 1;
      END WHILE;
      SET final_sigma = k >= 1 AND regexp_like(substr(b, k, 1), '^\p{Cased}$');
      SET k = i + 1;
      WHILE k <= length(b) AND regexp_like(substr(b, k, 1), '^\p{Case_Ignorable}$') DO
        SET k = k + 1;
      END WHILE;
      IF k <= length(b) AND regexp_like(substr(b, k, 1), '^\p{Cased}$') THEN
        SET final_sigma = FALSE;
      END IF;
      SET lb = concat(lb, IF(final_sigma, 'ς', 'σ'));
    ELSE
      SET lb = concat(lb, lower(ch));
    END IF;
    SET i = i + 1;
  END WHILE;
  SET padded = concat('##', la, '##');
  SET ga = ARRAY[substr(padded, 1, 3)];
  SET i = 2;
  WHILE i + 2 <= length(padded) DO
    SET gram = substr(padded, i, 3);
    IF NOT contains(ga, gram) THEN
      SET ga = ga || gram;
    END IF;
    SET i = i + 1;
  END WHILE;
  SET padded = concat('##', lb, '##');
  SET gb = ARRAY[substr(padded, 1, 3)];
  SET i = 2;
  WHILE i + 2 <= length(padded) DO
    SET gram = substr(padded, i, 3);
    IF NOT contains(gb, gram) THEN
      SET gb = gb || gram;
    END IF;
    SET i = i + 1;
  END WHILE;
  SET i = 1;
  WHILE i <= cardinality(ga) DO
    IF contains(gb, element_at(ga, i)) THEN
      SET shared = shared + 1;
    END IF;
    SET i = i + 1;
  END WHILE;
  SET total = cardinality(ga) + cardinality(gb) - shared;
  RETURN IF(total = 0, 1e0, CAST(shared AS DOUBLE) / total);
END;

-- "hive"."crm"."kindred_records": one row per record: its id and every prepared (transformed) field
CREATE TABLE "hive"."crm"."kindred_records" AS
SELECT row_id,
  NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE "hive"."crm"."kindred_qgram"(c0, 2) END, '') AS c0,
  c1,
  c2,
  c3,
  c4,
  NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE "hive"."crm"."kindred_ascii_fold"(c5) END, '') AS c5,
  c6,
  c7,
  c8
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE "hive"."crm"."kindred_ascii_fold"(c0) END, '') AS c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE "hive"."crm"."kindred_metaphone"(c1) END, '') AS c1,
    c2,
    c3,
    c4,
    NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE "hive"."crm"."kindred_strip_honorifics"(c5) END, '') AS c5,
    c6,
    c7,
    c8
  FROM (
    SELECT "record_id" AS row_id,
      NULLIF(CAST("surname" AS VARCHAR), '') AS c0,
      NULLIF(CAST("given_name" AS VARCHAR), '') AS c1,
      NULLIF(CAST("location" AS VARCHAR), '') AS c2,
      NULLIF(CAST("dob" AS VARCHAR), '') AS c3,
      NULLIF(CAST("registered" AS VARCHAR), '') AS c4,
      NULLIF(CAST("name" AS VARCHAR), '') AS c5,
      NULLIF(CAST("surname" AS VARCHAR), '') AS c6,
      NULLIF(CAST("given_name" AS VARCHAR), '') AS c7,
      NULLIF(CAST("street" AS VARCHAR), '') AS c8
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
    m0 >= 0.7999999990000001e0 AS matched,
    m0 >= 0.7000000000000001e0 AS kept
  FROM (
    SELECT a, b, m0,
      CASE WHEN m0 >= 0.7999999990000001e0 THEN CASE WHEN m0 >= 0.7999999990000001e0 THEN 0 END ELSE CASE WHEN TRUE THEN 0 END END AS decider
    FROM (
      SELECT a, b,
        CASE WHEN (((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.5e0 END) > 0e0 THEN (((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.5e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 1e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.5e0 * s4 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 * s5 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.5e0 * s6 END) / greatest((((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.5e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE "hive"."crm"."kindred_geo_haversine"(l.c2, r.c2) END AS s0,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE "hive"."crm"."kindred_date_diff"(l.c3, r.c3) END AS s1,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE "hive"."crm"."kindred_date"(l.c4, r.c4) END AS s2,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE "hive"."crm"."kindred_ensemble"(l.c5, r.c5) END AS s3,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE "hive"."crm"."kindred_soundex_match"(l.c6, r.c6) END AS s4,
          CASE WHEN l.c7 IS NULL OR r.c7 IS NULL THEN NULL WHEN l.c7 = r.c7 THEN 1e0 ELSE "hive"."crm"."kindred_metaphone_match"(l.c7, r.c7) END AS s5,
          CASE WHEN l.c8 IS NULL OR r.c8 IS NULL THEN NULL WHEN l.c8 = r.c8 THEN 1e0 ELSE "hive"."crm"."kindred_qgram_jaccard"(l.c8, r.c8) END AS s6
        FROM "hive"."crm"."kindred_candidates" AS c
        JOIN "hive"."crm"."kindred_records" AS l ON l.row_id = c.a
        JOIN "hive"."crm"."kindred_records" AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
