// The panel's people: who may sign in, an invitation for someone new (its link e-mailed
// through the outbox, and shown once here to pass on another way), removing someone (their
// passkeys and sessions go with them), signing out everywhere, and the audit log.
import type express from "express";
import { z } from "zod";
import { auditLine } from "#app/panel/audit-words.ts";
import { normalEmail, signInWindowMs, type PanelAuth } from "#app/panel/auth.server.ts";
import type { PanelStore } from "#app/panel/store.server.ts";
import { companyDateTime } from "#app/panel/time.ts";
import {
  ActionForm,
  confirmPage,
  Notice,
  panelPath,
  renderPage,
  type PageContext,
} from "#app/panel/views.tsx";
import { idOf, localsOf, notFound } from "#server/panel.tsx";

const peoplePath = `${panelPath}/people`;

const emailSchema = z.email().max(254);

const refusedReasons = ["refused", "expired", "rateLimited"] as const;

/**
 * A line of refused attempts, which stands for every attempt of one client and reason in its
 * window: why, how many times, and which client (a short keyed hash of its network).
 */
function refusedLine(
  t: PageContext["t"],
  entry: { detail: string | null; client: string | null; count: number | bigint },
) {
  const reason = refusedReasons.find((known) => known === entry.detail);
  return t("panel.people.refusedLine", {
    reason: reason ? t(`panel.people.reasons.${reason}`) : (entry.detail ?? ""),
    times: Number(entry.count),
    client: entry.client,
    minutes: signInWindowMs / 60_000,
  });
}

export function peopleSection(
  router: express.Router,
  {
    auth,
    store,
    invite,
  }: {
    auth: PanelAuth;
    store: PanelStore;
    /** Makes an invitation for `email` by `by`, queues its e-mail; resolves with its link. */
    invite: (email: string, by: string, lang: string) => Promise<string>;
  },
) {
  async function page(res: express.Response, extra: { link?: string; problem?: string } = {}) {
    const { context, session } = localsOf(res);
    const { t, lang } = context;
    const [people, log] = await Promise.all([store.users(), store.auditLog(50)]);
    const done = res.req.query["done"];
    res.status(extra.problem ? 400 : 200).send(
      renderPage(
        { ...context, section: "people" },
        t("panel.people.title"),
        <>
          <Notice text={done === "removed" ? t("panel.people.removed") : undefined} />
          {extra.link ? (
            <div role="status" className="notice">
              <p>{t("panel.people.invited")}</p>
              <p>
                <code className="link-text">{extra.link}</code>
              </p>
            </div>
          ) : null}
          <section aria-labelledby="who">
            <h2 id="who">{t("panel.people.who")}</h2>
            <ul className="cards">
              {people.map((person) => (
                <li key={person.id} className="card">
                  <p>
                    {person.email}
                    {person.email === session?.email ? ` (${t("panel.people.you")})` : ""}
                  </p>
                  {person.email === session?.email ? null : (
                    <a href={`${peoplePath}/${person.id}/remove`}>
                      {t("panel.people.remove", { email: person.email })}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="invite">
            <h2 id="invite">{t("panel.people.inviteTitle")}</h2>
            <p>{t("panel.people.inviteLead")}</p>
            {extra.problem ? (
              <p role="alert" className="problem" id="invite-problem">
                {extra.problem}
              </p>
            ) : null}
            <ActionForm context={context} action={`${peoplePath}/invite`} className="filters">
              <label>
                {t("panel.people.email")}
                <input
                  type="email"
                  name="email"
                  required
                  autoComplete="off"
                  aria-describedby={extra.problem ? "invite-problem" : undefined}
                />
              </label>
              <button type="submit">{t("panel.people.invite")}</button>
            </ActionForm>
          </section>
          <section aria-labelledby="sessions">
            <h2 id="sessions">{t("panel.people.sessions")}</h2>
            <p>{t("panel.people.sessionsLead")}</p>
            <ActionForm context={context} action={`${panelPath}/sign-out-everywhere`}>
              <button type="submit">{t("panel.people.signOutEverywhere")}</button>
            </ActionForm>
          </section>
          <section aria-labelledby="audit">
            <h2 id="audit">{t("panel.people.audit")}</h2>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t("panel.people.when")}</th>
                  <th scope="col">{t("panel.people.whoDid")}</th>
                  <th scope="col">{t("panel.people.what")}</th>
                </tr>
              </thead>
              <tbody>
                {log.map((entry, index) => (
                  <tr key={index}>
                    <td>{companyDateTime(Number(entry.at), lang)}</td>
                    <td>{entry.email ?? "—"}</td>
                    <td>
                      {auditLine(entry, context)}
                      {entry.client === null ? "" : ` ${refusedLine(t, entry)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>,
      ),
    );
  }

  router.get("/people", (_req, res) => page(res));
  router.post("/people/invite", async (req, res) => {
    const { context, session } = localsOf(res);
    const parsed = emailSchema.safeParse(
      normalEmail(String((req.body as { email?: unknown }).email ?? "")),
    );
    if (!parsed.success || !session) {
      return page(res, { problem: context.t("panel.people.badEmail") });
    }
    // A person who already signs in is not invited here: the link would let whoever holds it
    // add a passkey to their account. Someone who lost every passkey is invited again from
    // the server's command line (npm run panel -- invite).
    if ((await store.users()).some((person) => person.email === parsed.data)) {
      return page(res, { problem: context.t("panel.people.alreadyIn", { email: parsed.data }) });
    }
    return page(res, { link: await invite(parsed.data, session.email, context.lang) });
  });

  const personOf = async (req: express.Request, res: express.Response) => {
    const id = idOf(req);
    const person = id === undefined ? undefined : await store.user(id);
    // Nobody removes themselves here: the panel would be left without its last owner.
    return person && person.email !== localsOf(res).session?.email ? person : undefined;
  };
  router.get("/people/:id/remove", async (req, res) => {
    const { context } = localsOf(res);
    const person = await personOf(req, res);
    if (!person) return notFound(res);
    res.send(
      confirmPage(
        { ...context, section: "people" },
        {
          title: context.t("panel.people.removeTitle", { email: person.email }),
          text: <p>{context.t("panel.people.removeText", { email: person.email })}</p>,
          action: `${peoplePath}/${person.id}/remove`,
          confirm: context.t("panel.people.removeConfirm"),
          back: peoplePath,
        },
      ),
    );
  });
  router.post("/people/:id/remove", async (req, res) => {
    const { session } = localsOf(res);
    const person = await personOf(req, res);
    if (!person || !(await store.removeUser(person.id))) {
      return notFound(res);
    }
    await auth.audit(session?.email ?? null, "remove-person", person.email);
    res.redirect(303, `${peoplePath}?done=removed`);
  });
}
