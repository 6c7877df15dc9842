/**
 * A client span per database query made while a request (or another span) is current: the
 * database system, the operation, the table and the statement text, which Kysely compiles
 * with placeholders — parameter values are never read. Queries of background work (the
 * catalogue refresh, the tracking writer) make no trace of their own: they have no parent, or
 * one that has ended (a timer started during a request carries that request's context).
 */
import { context, trace } from '@opentelemetry/api';
import type { CompiledQuery } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { QueryObserver } from '../db/observed-driver.ts';
import type { SpanRecorder } from '../spans.ts';

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'SELECT',
  InsertQueryNode: 'INSERT',
  UpdateQueryNode: 'UPDATE',
  DeleteQueryNode: 'DELETE',
  MergeQueryNode: 'MERGE',
};

type Node = { kind?: string; table?: Node; identifier?: { name?: unknown }; into?: Node; from?: { froms?: Node[] } & Node; froms?: Node[] };

/** The name of a table node, or undefined for anything else (a subquery, an alias). */
function tableName(node: Node | undefined): string | undefined {
  const name = node?.kind === 'TableNode' ? node.table?.identifier?.name : undefined;
  return typeof name === 'string' ? name : undefined;
}

/** The operation and the one table the query is about, from Kysely's syntax tree (raw SQL: its first word). */
export function describeQuery(query: CompiledQuery): { operation: string; table?: string } {
  const node = query.query as Node;
  const operation = OPERATIONS[node.kind ?? ''] ?? /^\s*([a-z]+)/i.exec(query.sql)?.[1]?.toUpperCase() ?? 'QUERY';
  const table =
    node.kind === 'SelectQueryNode' || node.kind === 'DeleteQueryNode'
      ? node.from?.froms?.length === 1
        ? tableName(node.from.froms[0])
        : undefined
      : node.kind === 'InsertQueryNode'
        ? tableName(node.into)
        : node.kind === 'UpdateQueryNode'
          ? tableName(node.table)
          : undefined;
  return table ? { operation, table } : { operation };
}

export function querySpans(spans: SpanRecorder, dialect: DialectName): QueryObserver {
  const system = dialect === 'postgres' ? 'postgresql' : 'sqlite';
  return (query, run) => {
    if (!trace.getSpan(context.active())?.isRecording()) {
      return run();
    }
    const { operation, table } = describeQuery(query);
    const attributes = {
      'db.system': system,
      'db.system.name': system,
      'db.operation.name': operation,
      'db.collection.name': table,
      'db.query.text': query.sql,
    };
    return spans.span(table ? `${operation} ${table}` : operation, attributes, run, 'client');
  };
}
