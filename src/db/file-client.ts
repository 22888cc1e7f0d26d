/**
 * The server's client for a file database: libSQL's embedded engine (`libsql`) behind the `Client` interface that
 * drizzle's libSQL driver takes, answering as `@libsql/client/sqlite3` does (rows by index and by column name, integers
 * as numbers and refused beyond 2^53, errors as LibsqlError with SQLite's codes).
 *
 * Why our own: under a crowd the four admin/visitor lists spent more than half of the request thread in that client's
 * `executeStmt` (BENCHMARKS.md, issue 22): it prepares every statement anew, asks for its columns twice and builds each
 * row with one `Object.defineProperty` per column. Here statements are prepared once and kept, and a row is an object
 * whose indexes live on a shared prototype: the lists cost 0.87× the server's CPU (bench/db-client.ts); what remains is
 * mostly libSQL reading the rows natively.
 *
 * One connection, as the server always had (the pragmas it sets are the connection's own). Each call runs
 * synchronously once it starts, so calls never interleave; an interactive transaction makes the others wait.
 */
import Database from "libsql";
import type { Client, InArgs, InStatement, InValue, ResultSet, Transaction, TransactionMode, Value } from "@libsql/client";
import { LibsqlBatchError, LibsqlError } from "@libsql/client/sqlite3";
import { FileResultSet, rowMaker } from "./file-client-rows";

/** A prepared statement, and whether it returns rows (a native call each time it is asked). */
type Prepared = { statement: ReturnType<Database.Database["prepare"]>; reader: boolean };

/** Enough for every statement drizzle builds for the server, and for the console's filters' shapes. */
const STATEMENT_CACHE_SIZE = 500;

const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

export function openFileClient(path: string): Client {
  return new FileClient(new Database(path));
}

class FileClient implements Client {
  closed = false;
  readonly protocol = "file";
  readonly #db: Database.Database;
  readonly #statements = new Map<string, Prepared>();
  /** Settles when the open transaction, if any, ends. */
  #openTransaction: Promise<void> | undefined;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  async execute(stmtOrSql: InStatement, args?: InArgs): Promise<ResultSet> {
    await this.#untilNoTransaction();
    return typeof stmtOrSql === "string" ? this.#run(stmtOrSql, args) : this.#runStatement(stmtOrSql);
  }

  async batch(stmts: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    await this.#untilNoTransaction();
    this.#run(BEGIN[mode]);
    try {
      const results = this.#runEach(stmts);
      this.#run("COMMIT");
      return results;
    } finally {
      if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
    }
  }

  /**
   * A transaction holds the one connection until it ends: the client's other calls wait for it (the CLI's restore
   * writes its rows in one; the server opens none).
   */
  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    await this.#untilNoTransaction();
    this.#run(BEGIN[mode]);
    let end!: () => void;
    this.#openTransaction = new Promise<void>((resolve) => (end = resolve));
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      this.#openTransaction = undefined;
      end();
    };
    const db = this.#db;
    const usable = () => {
      if (settled || !db.inTransaction) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
    };
    return {
      execute: async (stmt) => {
        usable();
        return typeof stmt === "string" ? this.#run(stmt) : this.#runStatement(stmt);
      },
      batch: async (stmts) => {
        usable();
        return this.#runEach(stmts);
      },
      executeMultiple: async () => {
        throw unsupported("executeMultiple");
      },
      commit: async () => {
        try {
          usable();
          this.#run("COMMIT");
        } finally {
          settle();
        }
      },
      rollback: async () => {
        try {
          if (!settled && db.open && db.inTransaction) this.#run("ROLLBACK");
        } finally {
          settle();
        }
      },
      close: () => {
        try {
          if (!settled && db.open && db.inTransaction) this.#run("ROLLBACK");
        } finally {
          settle();
        }
      },
      get closed() {
        return settled || !db.open || !db.inTransaction;
      },
    };
  }

  async migrate(): Promise<ResultSet[]> {
    throw unsupported("migrate");
  }

  async executeMultiple(): Promise<void> {
    throw unsupported("executeMultiple");
  }

  async sync(): Promise<undefined> {
    throw unsupported("sync");
  }

  reconnect(): void {
    throw unsupported("reconnect");
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.#statements.clear();
    // The engine keeps the connection until its prepared statements are collected, so closing alone never folded the
    // WAL into the database file: after a clean stop casefile.db held nothing recent and a copy of it alone (a backup
    // taken with the server stopped) lost every commit since the last checkpoint. The checkpoint makes the file whole.
    try {
      this.#db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch (error) {
      console.warn("database: the write-ahead log could not be folded into the database file at close:", error);
    }
    this.#db.close();
  }

  async #untilNoTransaction(): Promise<void> {
    while (this.#openTransaction) await this.#openTransaction;
    if (this.closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
  }

  #runStatement(stmt: Exclude<InStatement, string>): ResultSet {
    return this.#run(stmt.sql, stmt.args);
  }

  /** Statements in turn; an error names the statement that failed. */
  #runEach(stmts: Array<InStatement | [string, InArgs?]>): ResultSet[] {
    return stmts.map((stmt, index) => {
      try {
        if (typeof stmt === "string") return this.#run(stmt);
        return Array.isArray(stmt) ? this.#run(stmt[0], stmt[1]) : this.#runStatement(stmt);
      } catch (error) {
        if (error instanceof LibsqlError) {
          throw new LibsqlBatchError(error.message, index, error.code, error.extendedCode, error.rawCode, error);
        }
        throw error;
      }
    });
  }

  #run(sql: string, args: InArgs = []): ResultSet {
    try {
      const { statement, reader } = this.#prepared(sql);
      const bound = toSqlArgs(args);
      if (!reader) {
        const info = statement.run(bound);
        return new FileResultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
      }
      const values = statement.all(bound) as Value[][];
      // Asked after the run: a statement kept from before a schema change (ours or another connection's) is prepared
      // again by its run, and only then describes the columns it returned.
      const definitions = statement.columns();
      const columns = definitions.map((column) => column.name);
      const rows = values.map(rowMaker(columns));
      return new FileResultSet(columns, definitions.map((column) => column.type ?? ""), rows, 0, undefined);
    } catch (error) {
      this.#statements.delete(sql); // whatever state a failed statement is in, the next call starts from a fresh one
      throw toLibsqlError(error);
    }
  }

  /** The statement for sql, prepared on first use; the least recently used one goes when the cache is full. */
  #prepared(sql: string): Prepared {
    const cached = this.#statements.get(sql);
    if (cached) {
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = this.#db.prepare(sql);
    statement.safeIntegers(true);
    const prepared = { statement, reader: statement.reader };
    if (prepared.reader) statement.raw(true);
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!);
    this.#statements.set(sql, prepared);
    return prepared;
  }
}

const MIN_INT64 = -(2n ** 63n);
const MAX_INT64 = 2n ** 63n - 1n;

function toSql(value: InValue): unknown {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    return value;
  }
  if (typeof value === "bigint") {
    if (value < MIN_INT64 || value > MAX_INT64) {
      throw new RangeError("bigint is too large to be represented as a 64-bit integer and passed as argument");
    }
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

function toSqlArgs(args: InArgs): unknown[] | Record<string, unknown> {
  if (Array.isArray(args)) return args.map(toSql);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    named["@$:".includes(name[0]!) ? name.slice(1) : name] = toSql(value);
  }
  return named;
}

function toLibsqlError(error: unknown): unknown {
  if (!(error instanceof Database.SqliteError)) return error;
  const rawCode = (error as { rawCode?: number }).rawCode;
  const base = rawCode === undefined ? undefined : SQLITE_CODES[rawCode & 0xff];
  return new LibsqlError(error.message, base ?? "SQLITE_UNKNOWN", error.code, rawCode, error);
}

function unsupported(what: string): LibsqlError {
  return new LibsqlError(`casefile's file-database client offers no ${what}`, "NOT_SUPPORTED");
}

const SQLITE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  16: "SQLITE_EMPTY",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  24: "SQLITE_FORMAT",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
  27: "SQLITE_NOTICE",
  28: "SQLITE_WARNING",
};
