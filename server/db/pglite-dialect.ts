// A Kysely dialect over embedded PGlite (architecture §2: PostgreSQL dialect only, PGlite by default).
// PGlite is a single connection, so the driver hands it out under a mutex: a transaction keeps it
// from BEGIN to COMMIT and no other query can interleave. The mutex may be shared with the admission of
// requests (server/db/admission.ts), which waits its turn in it within a bound.
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex, type Release } from './mutex';

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const command = (result as { command?: string }).command ?? '';
    return {
      rows: result.rows,
      numAffectedRows: COUNTED_COMMANDS.has(command.toUpperCase()) ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  // Kysely asks for streaming only through `.stream()`, which this application does not use.
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming is not supported');
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #release: Release | null = null;

  constructor(
    private readonly pglite: PGlite,
    private readonly mutex: Mutex,
  ) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const parts = ['start transaction'];
    if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) parts.push(settings.accessMode);
    await connection.executeQuery(CompiledQuery.raw(parts.join(' ')));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    // Wait for the running holder (if any) so closing never cuts a transaction in half.
    const release = await this.mutex.lock();
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    /** The lock every query takes; give one to share it with a DatabaseAdmission. */
    readonly mutex: Mutex = new Mutex(),
  ) {}

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.mutex);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
