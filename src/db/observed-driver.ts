/**
 * A Kysely dialect whose connections hand every query to an observer when one is set (the
 * query spans of tracing), and run it directly when none is: one check per query. The
 * observer sees the compiled query (its SQL and the syntax tree, with parameters kept apart)
 * and the function that runs it.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';

export type QueryObserver = <R>(query: CompiledQuery, run: () => Promise<QueryResult<R>>) => Promise<QueryResult<R>>;

export interface ObserverSlot {
  observer: QueryObserver | null;
}

/** The driver of `inner`, giving out connections that pass their queries through `slot.observer`. */
class ObservedDriver implements Driver {
  readonly #inner: Driver;
  readonly #slot: ObserverSlot;
  /** One wrapper per pooled connection, and the way back to the driver's own connection. */
  readonly #wrapperOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
  readonly #innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(inner: Driver, slot: ObserverSlot) {
    this.#inner = inner;
    this.#slot = slot;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.#inner.acquireConnection();
    let wrapper = this.#wrapperOf.get(connection);
    if (!wrapper) {
      const slot = this.#slot;
      wrapper = {
        executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
          const observer = slot.observer;
          return observer ? observer(query, () => connection.executeQuery<R>(query)) : connection.executeQuery<R>(query);
        },
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
      };
      this.#wrapperOf.set(connection, wrapper);
      this.#innerOf.set(wrapper, connection);
    }
    return wrapper;
  }

  /** The driver's own connection: drivers keep private state on it (the pool's release). */
  #unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.#innerOf.get(connection) ?? connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(this.#unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(this.#unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(this.#unwrap(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#inner.savepoint?.(this.#unwrap(connection), name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#inner.rollbackToSavepoint?.(this.#unwrap(connection), name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#inner.releaseSavepoint?.(this.#unwrap(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(this.#unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** `dialect` with its queries observable through `slot`. */
export function observedDialect(dialect: Dialect, slot: ObserverSlot): Dialect {
  return {
    createDriver: () => new ObservedDriver(dialect.createDriver(), slot),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
