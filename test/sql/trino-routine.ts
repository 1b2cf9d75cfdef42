/** Test helper: runs a Trino SQL routine (CREATE FUNCTION … BEGIN … END) from its parse tree by dt-sql-parser's Trino grammar, with Trino's semantics for the statements and functions the compiled routines use; anything else is an error, never a guess. */
import { compareCodePoints } from '../../src/engine/transforms/code-point-order.js';
import { trinoParseTree } from './dialect-parsers.js';

/** A typed SQL value: BIGINT, DOUBLE, VARCHAR (code points), BOOLEAN, ARRAY, or NULL. */
type Value = { t: 'bigint' | 'double'; v: number } | { t: 'varchar'; v: string } | { t: 'boolean'; v: boolean } | { t: 'array'; v: Value[] } | { t: 'null' };

/** The ANTLR node shape the walker reads. */
interface Node {
  constructor: { name: string };
  children?: Node[] | null;
  getText(): string;
}

type Scope = Map<string, { type: string; value: Value }>;
type Expr = (scope: Scope) => Value;
type Stmt = (scope: Scope) => void;

class Returned {
  constructor(readonly value: Value) {}
}

const kind = (n: Node): string => n.constructor.name.replace(/Context$/, '');
const kids = (n: Node): Node[] => n.children ?? [];
const nodes = (n: Node): Node[] => kids(n).filter((c) => c.children !== undefined && c.children !== null);
const NULL: Value = { t: 'null' };

function unsupported(n: Node): never {
  throw new Error(`trino-routine: ${kind(n)} is not interpreted: ${n.getText().slice(0, 80)}`);
}

const codePoints = (s: string): string[] => Array.from(s);
const num = (x: Value): number => {
  if (x.t !== 'bigint' && x.t !== 'double') throw new Error(`expected a number, got ${x.t}`);
  return x.v;
};
const str = (x: Value): string => {
  if (x.t !== 'varchar') throw new Error(`expected varchar, got ${x.t}`);
  return x.v;
};
const bigint = (v: number): Value => {
  if (!Number.isSafeInteger(v)) throw new Error(`bigint overflow: ${v}`);
  return { t: 'bigint', v };
};

/** Trino's substr: 1-based code points; start 0 or beyond the end gives ''; a negative start counts from the end. */
function substr(s: string, start: number, length?: number): string {
  const cps = codePoints(s);
  if (start === 0) return '';
  const from = start > 0 ? start - 1 : cps.length + start;
  if (from < 0 || from >= cps.length) return '';
  return cps.slice(from, length === undefined ? undefined : from + Math.max(0, length)).join('');
}

/** Trino's rpad: to `size` code points, cut when longer, padded with `pad` repeated. */
function rpad(s: string, size: number, pad: string): string {
  const cps = codePoints(s);
  if (size < 0) throw new Error('rpad: negative size');
  if (cps.length >= size) return cps.slice(0, size).join('');
  const p = codePoints(pad);
  const out = [...cps];
  for (let i = 0; out.length < size; i++) out.push(p[i % p.length]);
  return out.join('');
}

function promote(values: Value[]): Value[] {
  const anyDouble = values.some((v) => v.t === 'double');
  return anyDouble ? values.map((v) => ({ t: 'double', v: num(v) })) : values;
}

/**
 * Trino's upper() and lower(): each code point by itself (Java's simple case mapping), so a
 * character whose case mapping is several (ß upper, İ lower) stays.
 */
function caseByCodePoint(s: string, map: (c: string) => string): string {
  return codePoints(s)
    .map((c) => {
      const mapped = map(c);
      return codePoints(mapped).length === 1 ? mapped : c;
    })
    .join('');
}

const arr = (x: Value): Value[] => {
  if (x.t !== 'array') throw new Error(`expected an array, got ${x.t}`);
  return x.v;
};

function callFunction(name: string, args: Value[]): Value {
  if (args.some((a) => a.t === 'null') && name !== 'if') return NULL;
  switch (name) {
    case 'upper':
      return { t: 'varchar', v: caseByCodePoint(str(args[0]), (c) => c.toUpperCase()) };
    case 'lower':
      return { t: 'varchar', v: caseByCodePoint(str(args[0]), (c) => c.toLowerCase()) };
    case 'replace':
      return { t: 'varchar', v: str(args[0]).split(str(args[1])).join(str(args[2])) };
    case 'reverse':
      return { t: 'varchar', v: codePoints(str(args[0])).reverse().join('') };
    case 'strpos': {
      const hay = codePoints(str(args[0]));
      const needle = codePoints(str(args[1]));
      for (let i = 0; i + needle.length <= hay.length; i++) if (needle.every((c, k) => hay[i + k] === c)) return bigint(i + 1);
      return bigint(0);
    }
    case 'codepoint': {
      const cps = codePoints(str(args[0]));
      if (cps.length !== 1) throw new Error('codepoint: needs one character (its parameter is VARCHAR(1))');
      return bigint(cps[0].codePointAt(0) as number);
    }
    case 'element_at': {
      const items = arr(args[0]);
      const i = num(args[1]);
      if (i === 0) throw new Error('element_at: SQL array indices start at 1');
      const at = i > 0 ? i - 1 : items.length + i;
      return at >= 0 && at < items.length ? items[at] : NULL;
    }
    case 'length':
      return bigint(codePoints(str(args[0])).length);
    case 'chr':
      return { t: 'varchar', v: String.fromCodePoint(num(args[0])) };
    case 'split': {
      // Trino's split(string, delimiter): the pieces between delimiters, '' kept ('' alone gives ['']).
      return { t: 'array', v: str(args[0]).split(str(args[1])).map((v): Value => ({ t: 'varchar', v })) };
    }
    case 'array_sort':
      // Ascending, nulls last; VARCHAR by code point (UTF-8 byte order), numbers by value.
      return { t: 'array', v: [...arr(args[0])].sort((x, y) => (x.t === 'null' ? 1 : y.t === 'null' ? -1 : x.t === 'varchar' && y.t === 'varchar' ? compareCodePoints(x.v, y.v) : num(x) - num(y))) };
    case 'array_join':
      return { t: 'varchar', v: arr(args[0]).filter((x) => x.t !== 'null').map(str).join(str(args[1])) };
    case 'contains': {
      const needle = args[1];
      return { t: 'boolean', v: arr(args[0]).some((x) => x.t !== 'null' && truth(compare('=', x, needle)) === true) };
    }
    case 'slice': {
      // slice(x, start, length): from the 1-based start (negative: from the end), at most length elements.
      const items = arr(args[0]);
      const start = num(args[1]);
      if (start === 0) throw new Error('slice: SQL array indices start at 1');
      const from = start > 0 ? start - 1 : items.length + start;
      return { t: 'array', v: from < 0 ? [] : items.slice(from, from + num(args[2])) };
    }
    case 'cardinality':
      return bigint(arr(args[0]).length);
    case 'repeat': {
      const n = num(args[1]);
      if (n < 0) throw new Error('repeat: count must be greater than or equal to 0');
      return { t: 'array', v: Array.from({ length: n }, () => args[0]) };
    }
    case 'regexp_extract': {
      // Group g of the first match, NULL without one.
      const m = new RegExp(str(args[1]), 'u').exec(str(args[0]));
      return m === null ? NULL : { t: 'varchar', v: m[num(args[2])] ?? '' };
    }
    case 'regexp_split':
      // The pieces between matches, empty ones kept (Trino's regexp_split, JavaScript's split on a pattern without groups).
      return { t: 'array', v: str(args[0]).split(new RegExp(str(args[1]), 'u')).map((v): Value => ({ t: 'varchar', v })) };
    case 'pi':
      return { t: 'double', v: Math.PI };
    case 'sin':
    case 'cos':
    case 'asin':
    case 'sqrt':
      // Java's Math functions in Trino; V8's here (both within an ulp of the true value).
      return { t: 'double', v: Math[name](num(args[0])) };
    case 'is_finite':
      return { t: 'boolean', v: Number.isFinite(num(args[0])) };
    case 'regexp_like':
      // The patterns compiled here are the common subset of Joni (Trino's default), Java and JavaScript regular expressions.
      return { t: 'boolean', v: new RegExp(str(args[1]), 'u').test(str(args[0])) };
    case 'regexp_replace':
      // $g in the replacement is capture group g, in Trino as in JavaScript.
      return { t: 'varchar', v: str(args[0]).replace(new RegExp(str(args[1]), 'gu'), args.length > 2 ? str(args[2]) : '') };
    case 'abs':
      return args[0].t === 'bigint' ? bigint(Math.abs(args[0].v)) : { t: 'double', v: Math.abs(num(args[0])) };
    case 'substr':
      return { t: 'varchar', v: substr(str(args[0]), num(args[1]), args.length > 2 ? num(args[2]) : undefined) };
    case 'rpad':
      return { t: 'varchar', v: rpad(str(args[0]), num(args[1]), str(args[2])) };
    case 'concat':
      return { t: 'varchar', v: args.map(str).join('') };
    case 'greatest':
    case 'least': {
      const p = promote(args);
      const pick = p.reduce((x, y) => ((name === 'greatest' ? num(y) > num(x) : num(y) < num(x)) ? y : x));
      return pick;
    }
    case 'if': {
      const [cond, yes, no] = args;
      return cond.t === 'boolean' && cond.v ? yes : (no ?? NULL);
    }
    default:
      throw new Error(`trino-routine: function ${name} is not interpreted`);
  }
}

function arithmetic(op: string, l: Value, r: Value): Value {
  if (l.t === 'null' || r.t === 'null') return NULL;
  if (l.t === 'bigint' && r.t === 'bigint') {
    if (op === '+') return bigint(l.v + r.v);
    if (op === '-') return bigint(l.v - r.v);
    if (op === '*') return bigint(l.v * r.v);
    if (op === '/') {
      if (r.v === 0) throw new Error('Division by zero');
      return bigint(Math.trunc(l.v / r.v));
    }
    if (op === '%') {
      // Trino's BIGINT remainder takes the sign of the dividend, as JavaScript's.
      if (r.v === 0) throw new Error('Division by zero');
      return bigint(l.v % r.v);
    }
  }
  const x = num(l);
  const y = num(r);
  if (op === '+') return { t: 'double', v: x + y };
  if (op === '-') return { t: 'double', v: x - y };
  if (op === '*') return { t: 'double', v: x * y };
  if (op === '/') return { t: 'double', v: x / y };
  throw new Error(`operator ${op}`);
}

function compare(op: string, l: Value, r: Value): Value {
  if (l.t === 'null' || r.t === 'null') return NULL;
  let c: number;
  if (l.t === 'varchar' && r.t === 'varchar') {
    // Trino orders VARCHAR by its UTF-8 bytes, which is code-point order (not JavaScript's UTF-16 order).
    c = compareCodePoints(l.v, r.v);
  } else if (l.t === 'boolean' && r.t === 'boolean') {
    c = Number(l.v) - Number(r.v);
  } else {
    c = num(l) - num(r);
  }
  const result = { '=': c === 0, '<>': c !== 0, '!=': c !== 0, '<': c < 0, '<=': c <= 0, '>': c > 0, '>=': c >= 0 }[op];
  if (result === undefined) throw new Error(`comparison ${op}`);
  return { t: 'boolean', v: result };
}

function truth(v: Value): boolean | null {
  if (v.t === 'null') return null;
  if (v.t !== 'boolean') throw new Error(`expected boolean, got ${v.t}`);
  return v.v;
}

function coerce(type: string, v: Value): Value {
  if (v.t === 'null') return v;
  const t = type.toLowerCase();
  if (t === 'double') return { t: 'double', v: num(v) };
  if (t === 'bigint') {
    if (v.t !== 'bigint') throw new Error(`cannot assign ${v.t} to bigint`);
    return v;
  }
  if (t.startsWith('array')) {
    if (v.t !== 'array') throw new Error(`cannot assign ${v.t} to ${t}`);
    return v;
  }
  if (t === 'varchar' && v.t !== 'varchar') throw new Error(`cannot assign ${v.t} to varchar`);
  if (t === 'boolean' && v.t !== 'boolean') throw new Error(`cannot assign ${v.t} to boolean`);
  return v;
}

function identifier(n: Node): string {
  return n.getText().replace(/^"|"$/g, '').toLowerCase();
}

function expr(n: Node): Expr {
  const k = kind(n);
  const c = nodes(n);
  switch (k) {
    case 'Expression':
    case 'ValueExpressionDefault':
    case 'NumericLiteral':
      return expr(c[0]);
    case 'Predicated': {
      const value = expr(c[0]);
      if (c.length === 1) return value;
      const p = c[1];
      if (kind(p) === 'NullPredicate') {
        const negated = /NOT/i.test(p.getText());
        return (s) => ({ t: 'boolean', v: (value(s).t === 'null') !== negated });
      }
      if (kind(p) === 'InList') {
        // x IN (v, …): true when one equals x, else NULL when x or one of them is NULL, else false.
        if (/^NOT/i.test(p.getText())) unsupported(p);
        const options = nodes(p).map(expr);
        return (s) => {
          const x = value(s);
          const hits = options.map((o) => truth(compare('=', x, o(s))));
          return hits.includes(true) ? { t: 'boolean', v: true } : hits.includes(null) ? NULL : { t: 'boolean', v: false };
        };
      }
      if (kind(p) !== 'Comparison') unsupported(p);
      const [opNode, rightNode] = nodes(p);
      const op = opNode.getText();
      const right = expr(rightNode);
      return (s) => compare(op, value(s), right(s));
    }
    case 'IntegerLiteral': {
      const v = bigint(Number(n.getText()));
      return () => v;
    }
    case 'DoubleLiteral':
    case 'DecimalLiteral': {
      if (k === 'DecimalLiteral') unsupported(n); // a DECIMAL literal would not be a double in Trino: the routines spell doubles with an exponent
      const v: Value = { t: 'double', v: Number(n.getText()) };
      return () => v;
    }
    case 'StringLiteral': {
      const text = n.getText();
      const v: Value = { t: 'varchar', v: text.slice(1, -1).replace(/''/g, "'") };
      return () => v;
    }
    case 'NullLiteral':
      return () => NULL;
    case 'BooleanLiteral': {
      const v: Value = { t: 'boolean', v: n.getText().toUpperCase() === 'TRUE' };
      return () => v;
    }
    case 'ColumnReference': {
      const name = identifier(n);
      return (s) => {
        const slot = s.get(name);
        if (slot === undefined) throw new Error(`unknown variable ${name}`);
        return slot.value;
      };
    }
    case 'ParenthesizedExpression':
      return expr(c[0]);
    case 'ArithmeticBinary': {
      const op = kids(n)[1].getText();
      const [l, r] = [expr(c[0]), expr(c[1])];
      return (s) => arithmetic(op, l(s), r(s));
    }
    case 'LogicalNot': {
      const e = expr(c[0]);
      return (s) => {
        const v = truth(e(s));
        return v === null ? NULL : { t: 'boolean', v: !v };
      };
    }
    case 'And':
    case 'Or': {
      const [l, r] = [expr(c[0]), expr(c[1])];
      const and = k === 'And';
      return (s) => {
        const x = truth(l(s));
        if (x === (and ? false : true)) return { t: 'boolean', v: x as boolean };
        const y = truth(r(s));
        if (y === (and ? false : true)) return { t: 'boolean', v: y as boolean };
        return x === null || y === null ? NULL : { t: 'boolean', v: and };
      };
    }
    case 'Cast': {
      const [e, type] = [expr(c[0]), c[1].getText().toLowerCase()];
      return (s) => {
        const v = e(s);
        if (v.t === 'null') return v;
        if (type === 'double') {
          if (v.t !== 'varchar') return { t: 'double', v: num(v) };
          // Java's Double.parseDouble (Trino's cast): trimmed of characters up to U+0020, decimal or
          // exponent spellings with an optional f/d suffix, Infinity and NaN; anything else fails.
          const t = v.v.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
          const m = /^([+-]?)(?:(NaN)|(Infinity)|((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)[fFdD]?)$/.exec(t);
          if (m === null) throw new Error(`Cannot cast '${v.v}' to DOUBLE`);
          const sign = m[1] === '-' ? -1 : 1;
          return { t: 'double', v: m[2] !== undefined ? NaN : m[3] !== undefined ? sign * Infinity : Number(`${m[1]}${m[4]}`) };
        }
        if (type === 'bigint') {
          if (v.t === 'varchar') {
            if (!/^[+-]?\d+$/.test(v.v.trim())) throw new Error(`Cannot cast '${v.v}' to BIGINT`);
            return bigint(Number(v.v.trim()));
          }
          if (v.t === 'bigint') return v;
        }
        if (type === 'varchar' && v.t === 'bigint') return { t: 'varchar', v: String(v.v) };
        // VARCHAR(n): Trino truncates to n code points.
        const bounded = /^varchar\((\d+)\)$/.exec(type);
        if (bounded !== null && v.t === 'varchar') return { t: 'varchar', v: codePoints(v.v).slice(0, Number(bounded[1])).join('') };
        return unsupported(n);
      };
    }
    case 'ArrayConstructor': {
      const items = c.map(expr);
      return (s) => ({ t: 'array', v: items.map((i) => i(s)) });
    }
    case 'Concatenation': {
      const [l, r] = [expr(c[0]), expr(c[1])];
      return (s) => {
        const x = l(s);
        const y = r(s);
        if (x.t === 'array' && y.t === 'array') return { t: 'array', v: [...x.v, ...y.v] };
        if (x.t === 'array') return { t: 'array', v: [...x.v, y] };
        if (y.t === 'array') return { t: 'array', v: [x, ...y.v] };
        if (x.t === 'null' || y.t === 'null') return NULL;
        return { t: 'varchar', v: str(x) + str(y) };
      };
    }
    case 'Normalize': {
      const e = expr(c[0]);
      const form = c[1].getText().toUpperCase();
      return (s) => {
        const v = e(s);
        return v.t === 'null' ? v : { t: 'varchar', v: str(v).normalize(form as 'NFKD') };
      };
    }
    case 'FunctionCall': {
      const name = c[0].getText().toLowerCase();
      const args = c.slice(1).map(expr);
      return (s) => callFunction(name, args.map((a) => a(s)));
    }
    default:
      return unsupported(n);
  }
}

function statements(list: Node | undefined): Stmt[] {
  return list === undefined ? [] : nodes(list).map(statement);
}

function statement(n: Node): Stmt {
  const c = nodes(n);
  switch (kind(n)) {
    case 'ReturnStatement': {
      const e = expr(c[0]);
      return (s) => {
        throw new Returned(e(s));
      };
    }
    case 'AssignmentStatement': {
      const name = identifier(c[0]);
      const e = expr(c[1]);
      return (s) => {
        const slot = s.get(name);
        if (slot === undefined) throw new Error(`SET of undeclared ${name}`);
        slot.value = coerce(slot.type, e(s));
      };
    }
    case 'IfStatement': {
      const branches: Array<[Expr | null, Stmt[]]> = [[expr(c[0]), statements(c[1])]];
      for (const clause of c.slice(2)) {
        const cc = nodes(clause);
        if (kind(clause) === 'ElseIfClause') branches.push([expr(cc[0]), statements(cc[1])]);
        else if (kind(clause) === 'ElseClause') branches.push([null, statements(cc[0])]);
        else unsupported(clause);
      }
      return (s) => {
        for (const [cond, body] of branches) {
          if (cond === null || truth(cond(s)) === true) {
            for (const st of body) st(s);
            return;
          }
        }
      };
    }
    case 'WhileStatement': {
      const cond = expr(c[0]);
      const body = statements(c[1]);
      return (s) => {
        let guard = 0;
        while (truth(cond(s)) === true) {
          if (++guard > 1e6) throw new Error('WHILE does not end');
          for (const st of body) st(s);
        }
      };
    }
    default:
      return unsupported(n);
  }
}

/** A DECLARE: its names, type and default (evaluated in order, so a default may read earlier variables and the parameters). */
function declaration(n: Node): (s: Scope) => void {
  const c = nodes(n);
  const typeIndex = c.findIndex((x) => kind(x).endsWith('Type'));
  const names = c.slice(0, typeIndex).map(identifier);
  const type = c[typeIndex].getText().toLowerCase();
  const init = c[typeIndex + 1] !== undefined ? expr(c[typeIndex + 1]) : null;
  return (s) => {
    for (const name of names) s.set(name, { type, value: init === null ? NULL : coerce(type, init(s)) });
  };
}

function find(n: Node, k: string): Node | undefined {
  if (kind(n) === k) return n;
  for (const c of nodes(n)) {
    const hit = find(c, k);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/**
 * Compiles `CREATE FUNCTION name(p1 VARCHAR, …) RETURNS DOUBLE|VARCHAR … BEGIN … END`
 * (its parse tree) into a JavaScript function of the parameters (strings for
 * VARCHAR, numbers for DOUBLE and BIGINT).
 *
 * @example
 * const f = trinoRoutine(sql); f('martha', 'marhta'); // 0.961111...
 */
export function trinoRoutine(sql: string): { name: string; call: (...args: Array<string | number>) => number | string | null } {
  const tree = trinoParseTree(sql) as unknown as Node;
  const spec = find(tree, 'FunctionSpecification');
  if (spec === undefined) throw new Error('no CREATE FUNCTION');
  const declarationNode = find(spec, 'FunctionDeclaration') as Node;
  const name = nodes(declarationNode)[0].getText();
  const params = nodes(declarationNode).filter((x) => kind(x) === 'ParameterDeclaration').map((p) => [identifier(nodes(p)[0]), nodes(p)[1].getText().toLowerCase()] as const);
  const nullOnNull = find(spec, 'ReturnsNullOnNullInputCharacteristic') !== undefined;
  const body = nodes(spec).find((x) => kind(x) === 'CompoundStatement');
  if (body === undefined) throw new Error('the routine has no BEGIN … END body');
  const parts = nodes(body);
  const declares = parts.filter((x) => kind(x) === 'VariableDeclaration').map(declaration);
  const run = statements(parts.find((x) => kind(x) === 'SqlStatementList'));
  return {
    name,
    call: (...args) => {
      if (nullOnNull && args.some((a) => a === null)) return null;
      const scope: Scope = new Map(
        params.map(([p, type], i) => {
          const v = args[i];
          const value: Value = typeof v === 'number' ? (type === 'double' ? { t: 'double', v } : bigint(v)) : { t: 'varchar', v };
          return [p, { type, value }];
        }),
      );
      for (const d of declares) d(scope);
      try {
        for (const st of run) st(scope);
      } catch (e) {
        if (e instanceof Returned) return e.value.t === 'null' ? null : e.value.t === 'varchar' ? e.value.v : num(e.value);
        throw e;
      }
      throw new Error('the routine ended without RETURN');
    },
  };
}
