// Which database a Kysely instance runs on. Only the schema needs to know (column types,
// SQLite's STRICT tables) and the reading of the previous releases' bookkeeping; queries are
// written once for both.
import { PostgresAdapter, type Kysely } from "kysely";

export type Engine = "sqlite" | "postgres";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, as migrations see it
export const engineOf = (db: Kysely<any>): Engine =>
  db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
