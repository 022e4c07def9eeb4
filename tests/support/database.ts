import { messageStore } from "#app/contact/store.server.ts";
import { openDatabase, type DatabaseOptions } from "#app/database/database.server.ts";
import { limitsStore } from "#app/limits/store.server.ts";
import { mailStore } from "#app/mail/store.server.ts";

/**
 * The site's database at `where`, opened as a script opens it, with the contact messages'
 * store on it: the store's queries, the `database` itself for the other stores, the shared
 * `limits` (app/limits), the outbox's composed e-mails (`mails`, app/mail) and `close`.
 */
export async function openMessages(where: DatabaseOptions) {
  const database = await openDatabase(where);
  const limits = await limitsStore(database);
  return Object.assign(messageStore(database), {
    database,
    limits,
    mails: mailStore(database),
    close: database.close,
  });
}

export type OpenedMessages = Awaited<ReturnType<typeof openMessages>>;
