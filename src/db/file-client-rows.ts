/**
 * What a statement answers through src/db/file-client.ts: result sets and rows shaped as `@libsql/client`'s, with
 * integers read as numbers and refused beyond 2^53.
 */
import type { ResultSet, Row, Value } from "@libsql/client";

/** An answer as `@libsql/client` gives it. */
export class FileResultSet implements ResultSet {
  constructor(
    readonly columns: string[],
    readonly columnTypes: string[],
    readonly rows: Row[],
    readonly rowsAffected: number,
    readonly lastInsertRowid: bigint | undefined,
  ) {}

  toJSON() {
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) => Array.prototype.map.call(row, valueToJson)),
      rowsAffected: this.rowsAffected,
      lastInsertRowid: this.lastInsertRowid === undefined ? null : `${this.lastInsertRowid}`,
    };
  }
}

function valueToJson(value: Value): unknown {
  if (typeof value === "bigint") return `${value}`;
  return value instanceof ArrayBuffer ? Buffer.from(value).toString("base64") : value;
}

/**
 * A row's values by index and `length` are read through its prototype (not enumerable, like the other client's), so
 * building a row costs one object and one plain assignment per named column. A name repeated in the select list (a
 * join's `id`s) names its first column, as there.
 */
class SqlRow {
  readonly #values: Value[];
  constructor(values: Value[]) {
    this.#values = values;
  }
  get length(): number {
    return this.#values.length;
  }
  static valueAt(row: SqlRow, index: number): Value {
    return row.#values[index]!;
  }
}

/** One subclass per number of columns, its prototype answering each index. */
const rowClasses: (typeof SqlRow)[] = [];

function rowClassFor(width: number): typeof SqlRow {
  let rowClass = rowClasses[width];
  if (!rowClass) {
    rowClass = class extends SqlRow {};
    for (let index = 0; index < width; index++) {
      Object.defineProperty(rowClass.prototype, index, {
        get(this: SqlRow) {
          return SqlRow.valueAt(this, index);
        },
      });
    }
    rowClasses[width] = rowClass;
  }
  return rowClass;
}

export function rowMaker(columns: string[]): (values: Value[]) => Row {
  const RowClass = rowClassFor(columns.length);
  const named: [string, number][] = [];
  const seen = new Set<string>();
  columns.forEach((name, index) => {
    // A name that is an index or `length` would hide what the prototype answers for it.
    const shadowsIndex = name === "length" || (/^(0|[1-9]\d*)$/.test(name) && Number(name) < columns.length);
    if (!seen.has(name) && !shadowsIndex) named.push([name, index]);
    seen.add(name);
  });
  return (values) => {
    for (let index = 0; index < values.length; index++) values[index] = fromSql(values[index]);
    const row = new RowClass(values) as unknown as Record<string, Value>;
    for (const [name, index] of named) row[name] = values[index]!;
    return row as unknown as Row;
  };
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function fromSql(value: unknown): Value {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    }
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer as ArrayBuffer;
  return value as Value;
}
