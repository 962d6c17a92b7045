/**
 * Named prepared statements on PGlite (ADR 0077). PGlite's `query` sends every call as an unnamed statement
 * in six protocol exchanges (parse, describe, bind, describe, execute, sync), so the embedded database parses,
 * analyses and plans the whole statement again on every call; for the submission statement (five
 * data-modifying CTEs) that was half of its cost. Here a statement is parsed once per database session under
 * its name, and each call is one exchange: bind, describe, execute and sync in a single message. On
 * PostgreSQL the driver does the same with a named query (server/db/client.ts, `rawQuery`).
 *
 * Calls wait for PGlite's own locks as `query` does (never inside another caller's transaction), and a
 * failed call leaves the session ready for the next (the error arrives after the sync was processed).
 */
import { type PGlite, parse, protocol } from "@electric-sql/pglite";

interface Prepared {
  text: string;
  /** The parameters' type OIDs, for PGlite's own serializers. */
  parameterTypes: number[];
}

/** What each session has parsed, by name: one map per client, whichever runner parsed it. */
const sessions = new WeakMap<PGlite, Map<string, Prepared>>();

export type PreparedRunner = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/** What follows every Bind: describe the portal, execute it, sync (the same bytes on every call). */
const EXECUTE_AND_SYNC = Buffer.concat([protocol.serialize.describe({ type: "P" }), protocol.serialize.execute({}), protocol.serialize.sync()]);

/**
 * A runner of named statements on `client`. `durably` wraps each whole call (the durable file system's
 * wait for the disk, ADR 0035), outside PGlite's locks, so commits that finish together share one sync.
 */
export function preparedStatements(
  client: PGlite,
  durably: <T>(call: () => Promise<T>) => Promise<T> = (call) => call(),
): PreparedRunner {
  const statements = sessions.get(client) ?? new Map<string, Prepared>();
  sessions.set(client, statements);

  /** Parses `text` under `name` in this session; the statement's parameter types come back with it. */
  async function prepare(name: string, text: string): Promise<Prepared> {
    const known = statements.get(name);
    if (known?.text === text) return known;
    if (known) throw new Error(`prepared statement ${name} already names another text`);
    const { messages } = await client.execProtocol(
      Buffer.concat([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: "S", name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { text, parameterTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(name, statement);
    return statement;
  }

  function serialize(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : client.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  return <T>(name: string, text: string, values: unknown[]) =>
    durably(async () => {
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const statement = await prepare(name, text);
          const bind = protocol.serialize.bind({
            statement: name,
            values: values.map((value, i) => serialize(value, statement.parameterTypes[i])),
          });
          const { messages } = await client.execProtocol(Buffer.concat([bind, EXECUTE_AND_SYNC]), { syncToFs: false });
          await client.syncToFs();
          return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
        }),
      );
    });
}
