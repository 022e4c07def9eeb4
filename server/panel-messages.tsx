// The panel's messages: the visitors' messages newest first, searched and filtered by the
// owner's mark (new, answered, archived), one read in full with a reply by e-mail, the CSV
// export for a spreadsheet (app/panel/spreadsheet.ts), deletion after a confirmation, and the messages kept as spam,
// apart, each of which can be released to the outbox.
import type express from "express";
import type { OwnerMark, StoredMessage } from "#app/contact/store.server.ts";
import type { ContactService } from "#app/contact/service.server.ts";
import {
  ActionForm,
  confirmPage,
  Notice,
  panelPath,
  renderPage,
  type PageContext,
} from "#app/panel/views.tsx";
import type { PanelAuth } from "#app/panel/auth.server.ts";
import { messagesSheet } from "#app/panel/spreadsheet.ts";
import { companyDateTime } from "#app/panel/time.ts";
import { idOf, localsOf, notFound } from "#server/panel.tsx";

const marks: OwnerMark[] = ["new", "answered", "archived"];
/** Messages a list shows: the newest; a search reaches the others. */
const listLength = 200;
const isMark = (value: unknown): value is OwnerMark => marks.includes(value as OwnerMark);
const messagePath = (id: number) => `${panelPath}/messages/${id}`;

/** By characters, so an emoji is never cut in half. */
const preview = (text: string) => {
  const characters = Array.from(text.replace(/\s+/g, " "));
  return characters.length > 140 ? `${characters.slice(0, 140).join("")}…` : characters.join("");
};

function MessageList({
  context,
  messages,
  spam,
}: {
  context: PageContext;
  messages: (StoredMessage & { ownerStatus: OwnerMark })[];
  spam: boolean;
}) {
  const { t, lang } = context;
  if (!messages.length) return <p>{t(spam ? "panel.messages.noSpam" : "panel.messages.none")}</p>;
  return (
    <ul className="cards">
      {messages.map((message) => (
        <li key={message.id} className="card">
          <h3>
            <a href={messagePath(message.id)}>{message.name}</a>
          </h3>
          <p className="meta">
            <span>{message.email}</span> · <time>{companyDateTime(message.createdAt, lang)}</time>
            {spam ? null : (
              <>
                {" "}
                ·{" "}
                <span className={`mark mark-${message.ownerStatus}`}>
                  {t(`panel.messages.marks.${message.ownerStatus}`)}
                </span>
              </>
            )}
          </p>
          <p>{preview(message.message)}</p>
          {spam ? (
            <ActionForm context={context} action={`${messagePath(message.id)}/release`}>
              <button type="submit">{t("panel.messages.release", { name: message.name })}</button>
            </ActionForm>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function messagesSection(
  router: express.Router,
  {
    contact,
    auth,
    retentionDays,
    deliver,
  }: {
    contact: ContactService;
    auth: PanelAuth;
    retentionDays: number;
    /** Asks the outbox (app/mail) to send what was released now. */
    deliver: () => void;
  },
) {
  const { messages: store } = contact;
  /** A visitor's message, or undefined. */
  const find = async (req: express.Request) => {
    const id = idOf(req);
    return id === undefined ? undefined : await store.get(id);
  };

  router.get("/", async (req, res) => {
    const { context } = localsOf(res);
    const { t } = context;
    const search = typeof req.query["q"] === "string" ? req.query["q"].slice(0, 200) : "";
    const mark = isMark(req.query["mark"]) ? req.query["mark"] : undefined;
    const [listed, spam] = await Promise.all([
      store.inbox({ spam: false, search, limit: listLength, ...(mark ? { mark } : {}) }),
      store.inbox({ spam: true, search, limit: listLength }),
    ]);
    const done = typeof req.query["done"] === "string" ? req.query["done"] : undefined;
    res.send(
      renderPage(
        { ...context, section: "messages" },
        t("panel.messages.title"),
        <>
          <Notice
            text={
              done === "deleted" || done === "released"
                ? t(`panel.messages.done.${done}`)
                : undefined
            }
          />
          <form method="get" action={panelPath} className="filters" role="search">
            <label>
              {t("panel.messages.search")}
              <input type="search" name="q" defaultValue={search} />
            </label>
            <label>
              {t("panel.messages.show")}
              <select name="mark" defaultValue={mark ?? ""}>
                <option value="">{t("panel.messages.all")}</option>
                {marks.map((value) => (
                  <option key={value} value={value}>
                    {t(`panel.messages.marks.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit">{t("panel.messages.filter")}</button>
          </form>
          <p>
            <a href={`${panelPath}/messages.csv`} download>
              {t("panel.messages.export")}
            </a>
          </p>
          <p className="hint">{t("panel.messages.retention", { days: retentionDays })}</p>
          <section aria-labelledby="inbox">
            <h2 id="inbox">{t("panel.messages.inbox", { count: listed.length })}</h2>
            <MessageList context={context} messages={listed} spam={false} />
            {listed.length === listLength ? (
              <p className="hint">{t("panel.messages.newest", { count: listLength })}</p>
            ) : null}
          </section>
          <section aria-labelledby="spam">
            <h2 id="spam">{t("panel.messages.spam", { count: spam.length })}</h2>
            <p className="hint">{t("panel.messages.spamHint")}</p>
            <MessageList context={context} messages={spam} spam />
          </section>
        </>,
      ),
    );
  });

  router.get("/messages.csv", async (_req, res) => {
    const { session, context } = localsOf(res);
    const messages = await store.inbox({ spam: false, limit: 100_000 });
    await auth.audit(session?.email ?? null, "export", String(messages.length));
    res
      .type("text/csv; charset=utf-8")
      .attachment(`${context.t("panel.export.messagesFile")}.csv`)
      .send(messagesSheet(messages, context));
  });

  router.get("/messages/:id", async (req, res) => {
    const { context } = localsOf(res);
    const { t, lang } = context;
    const message = await find(req);
    if (!message) return notFound(res);
    const [details] = await store.inbox({ spam: message.status === "spam", id: message.id });
    const mark = details?.ownerStatus ?? "new";
    const subject = t("panel.messages.replySubject", { name: message.name });
    const mailto = `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}`;
    const done = req.query["done"];
    res.send(
      renderPage(
        { ...context, section: "messages" },
        t("panel.messages.one", { name: message.name }),
        <>
          <Notice text={isMark(done) ? t("panel.messages.done.marked") : undefined} />
          <dl className="facts">
            <dt>{t("panel.messages.from")}</dt>
            <dd>
              {message.name} &lt;{message.email}&gt;
            </dd>
            <dt>{t("panel.messages.received")}</dt>
            <dd>{companyDateTime(message.createdAt, lang)}</dd>
            <dt>{t("panel.messages.mark")}</dt>
            <dd>
              {message.status === "spam"
                ? t("panel.messages.keptAsSpam")
                : t(`panel.messages.marks.${mark}`)}
            </dd>
          </dl>
          <blockquote className="message">{message.message}</blockquote>
          <div className="actions">
            <a className="button" href={mailto}>
              {t("panel.messages.reply")}
            </a>
            {message.status === "spam" ? (
              <ActionForm context={context} action={`${messagePath(message.id)}/release`}>
                <button type="submit">{t("panel.messages.releaseOne")}</button>
              </ActionForm>
            ) : (
              marks
                .filter((value) => value !== mark)
                .map((value) => (
                  <ActionForm
                    key={value}
                    context={context}
                    action={`${messagePath(message.id)}/mark`}
                  >
                    <input type="hidden" name="mark" value={value} />
                    <button type="submit" className="secondary">
                      {t(`panel.messages.markAs.${value}`)}
                    </button>
                  </ActionForm>
                ))
            )}
            <a href={`${messagePath(message.id)}/delete`}>{t("panel.messages.delete")}</a>
          </div>
          <p>
            <a href={panelPath}>{t("panel.messages.backToList")}</a>
          </p>
        </>,
      ),
    );
  });

  router.post("/messages/:id/mark", async (req, res) => {
    const { session } = localsOf(res);
    const message = await find(req);
    const mark = (req.body as { mark?: unknown }).mark;
    if (!message || !isMark(mark) || !(await store.mark(message.id, mark))) return notFound(res);
    await auth.audit(session?.email ?? null, `mark-${mark}`, String(message.id));
    res.redirect(303, `${messagePath(message.id)}?done=${mark}`);
  });

  router.get("/messages/:id/delete", async (req, res) => {
    const { context } = localsOf(res);
    const { t, lang } = context;
    const message = await find(req);
    if (!message) return notFound(res);
    res.send(
      confirmPage(
        { ...context, section: "messages" },
        {
          title: t("panel.messages.deleteTitle", { name: message.name }),
          text: (
            <>
              <p>
                {t("panel.messages.deleteText", {
                  name: message.name,
                  date: companyDateTime(message.createdAt, lang),
                })}
              </p>
              <p>{t("panel.messages.retention", { days: retentionDays })}</p>
            </>
          ),
          action: `${messagePath(message.id)}/delete`,
          confirm: t("panel.messages.deleteConfirm"),
          back: messagePath(message.id),
        },
      ),
    );
  });

  router.post("/messages/:id/delete", async (req, res) => {
    const { session } = localsOf(res);
    const message = await find(req);
    if (!message || !(await store.delete(message.id))) return notFound(res);
    await auth.audit(session?.email ?? null, "delete-message", String(message.id));
    res.redirect(303, `${panelPath}?done=deleted`);
  });

  router.post("/messages/:id/release", async (req, res) => {
    const { session } = localsOf(res);
    const message = await find(req);
    if (!message || !(await store.releaseSpam(message.id))) return notFound(res);
    deliver();
    await auth.audit(session?.email ?? null, "release-spam", String(message.id));
    res.redirect(303, `${panelPath}?done=released`);
  });
}
