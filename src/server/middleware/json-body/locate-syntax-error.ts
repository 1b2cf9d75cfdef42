/** Finds where a JSON text first breaks the RFC 8259 grammar, so every invalid_json message can point at a line and column. */

/**
 * Where a JSON text first goes wrong: 0-based offset and 1-based line and column (in UTF-16 code units).
 *
 * @example
 * const at: JsonSyntaxPosition = { offset: 5, line: 1, column: 6 }; // in '{"a":}'
 */
export interface JsonSyntaxPosition {
  offset: number;
  line: number;
  column: number;
}

/** Thrown inside the scanner to unwind to the caller with the failing offset. */
class SyntaxStop {
  constructor(readonly offset: number) {}
}

/**
 * The position of the first character that makes `text` invalid JSON, or
 * `undefined` when `text` is valid. V8's own messages give a position for
 * some errors and only a snippet for others; this gives one for all. It
 * scans iteratively, so deeply nested input cannot overflow the stack.
 *
 * @example
 * locateJsonSyntaxError('{"a": 1,\n "b": tru}'); // { offset: 18, line: 2, column: 10 }
 * locateJsonSyntaxError('[1, 2]');               // undefined
 */
export function locateJsonSyntaxError(text: string): JsonSyntaxPosition | undefined {
  try {
    scan(text);
    return undefined;
  } catch (stop) {
    if (!(stop instanceof SyntaxStop)) throw stop;
    return positionOf(text, stop.offset);
  }
}

function positionOf(text: string, offset: number): JsonSyntaxPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

type Container = 'array' | 'object';

function scan(text: string): void {
  const n = text.length;
  const stack: Container[] = [];
  let i = 0;

  const fail = (at: number): never => {
    throw new SyntaxStop(at);
  };
  const skipWhitespace = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      i += 1;
    }
  };
  const expect = (ch: string): void => {
    if (text[i] !== ch) fail(i);
    i += 1;
  };
  const isDigit = (at: number): boolean => {
    const c = text.charCodeAt(at);
    return c >= 0x30 && c <= 0x39;
  };
  const scanString = (): void => {
    expect('"');
    for (;;) {
      if (i >= n) fail(i);
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i += 1;
        return;
      }
      if (c < 0x20) fail(i);
      if (c === 0x5c) {
        const escape = text[i + 1];
        if (escape === 'u') {
          for (let k = 2; k < 6; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail(i + k);
          i += 6;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) i += 2;
        else fail(i + 1);
      } else i += 1;
    }
  };
  const scanDigits = (): void => {
    if (!isDigit(i)) fail(i);
    while (isDigit(i)) i += 1;
  };
  const scanNumber = (): void => {
    if (text[i] === '-') i += 1;
    if (text[i] === '0') i += 1;
    else scanDigits();
    if (text[i] === '.') {
      i += 1;
      scanDigits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i += 1;
      if (text[i] === '+' || text[i] === '-') i += 1;
      scanDigits();
    }
  };
  const scanLiteral = (word: string): void => {
    for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) fail(i + k);
    i += word.length;
  };
  const scanKey = (): void => {
    skipWhitespace();
    scanString();
    skipWhitespace();
    expect(':');
  };

  for (;;) {
    // A value is expected here.
    skipWhitespace();
    const ch = text[i];
    let closedEmpty = false;
    if (ch === '{' || ch === '[') {
      i += 1;
      skipWhitespace();
      if (text[i] === (ch === '{' ? '}' : ']')) {
        i += 1;
        closedEmpty = true;
      } else {
        stack.push(ch === '{' ? 'object' : 'array');
        if (ch === '{') scanKey();
        continue;
      }
    }
    if (!closedEmpty) {
      if (ch === '"') scanString();
      else if (ch === '-' || isDigit(i)) scanNumber();
      else if (ch === 't') scanLiteral('true');
      else if (ch === 'f') scanLiteral('false');
      else if (ch === 'n') scanLiteral('null');
      else fail(i);
    }
    // A value has ended: close containers until one wants another member.
    for (;;) {
      skipWhitespace();
      const top = stack[stack.length - 1];
      if (top === undefined) {
        if (i < n) fail(i);
        return;
      }
      if (text[i] === ',') {
        i += 1;
        if (top === 'object') scanKey();
        break;
      }
      expect(top === 'object' ? '}' : ']');
      stack.pop();
    }
  }
}
