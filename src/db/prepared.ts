/**
 * Queries compiled once. Kysely builds and compiles a query on every call, which costs more
 * than running it on the hot paths (token checks, dialog lookups, list and history pages).
 * A prepared query is built once with marker values, compiled, and afterwards only its
 * parameters change: the markers tell which argument goes to which placeholder.
 */
import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Database } from './types.ts';

const marker = (i: number) => `\u0000aisle-param-${i}\u0000`;

/**
 * The SQL texts of prepared queries, each with a statement name: on PostgreSQL they run as
 * named (server-side) prepared statements, parsed and planned once per connection.
 */
const statementNames = new Map<string, string>();

/** The statement name of a prepared query's SQL, or undefined for any other query. */
export function statementNameOf(sqlText: string): string | undefined {
  return statementNames.get(sqlText);
}

type Executor = Pick<Kysely<Database>, 'executeQuery'>;

/** Compiles `build`'s query on first use; the returned function runs it with new arguments on an executor. */
function compiledOnce<A extends unknown[], R>(arity: A['length'], build: (...args: A) => Compilable<R>): (executor: Executor, ...args: A) => Promise<R[]> {
  // A slot is the index of the argument bound there, or the constant the query itself holds.
  let compiled: { query: CompiledQuery<R>; slots: Array<{ arg: number } | { value: unknown }> } | null = null;
  const compile = () => {
    const markers = Array.from({ length: arity }, (_, i) => marker(i)) as unknown as A;
    const query = build(...markers).compile();
    if (!statementNames.has(query.sql)) {
      statementNames.set(query.sql, `aisle_${statementNames.size + 1}`);
    }
    const slots = query.parameters.map((p) => {
      const index = markers.indexOf(p);
      return index >= 0 ? { arg: index } : { value: p };
    });
    return { query, slots };
  };
  return async (executor, ...args) => {
    compiled ??= compile();
    const { query, slots } = compiled;
    const parameters = slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const result = await executor.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}

/**
 * Returns a function running `build`'s query with new arguments, compiled on first use.
 * Every argument must appear in the query as a bound value (not in its shape).
 */
export function prepared<A extends unknown[], R>(
  db: Kysely<Database>,
  arity: A['length'],
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<R[]> {
  const run = compiledOnce(arity, build);
  return (...args: A) => run(db, ...args);
}

/**
 * `prepared`, run on the executor given at each call: the database or one of its transactions
 * (on SQLite a statement outside an open transaction would wait for it forever).
 */
export function preparedOn<A extends unknown[], R>(
  arity: A['length'],
  build: (...args: A) => Compilable<R>,
): (executor: Kysely<Database> | Transaction<Database>, ...args: A) => Promise<R[]> {
  return compiledOnce(arity, build);
}
