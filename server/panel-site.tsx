// The panel's site page, in the owner's words: the version that is live (when it was
// published, which version), the last publications from `npm run deploy`'s log and, for a
// failed one, the step that failed; what the go-live check still finds, each as what to fill
// in and where (app/panel/go-live-words.ts); a notice when the site's buttons lead to the
// contact page although a calendar is connected; the link to the content editor.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import type express from "express";
import type { LaunchItem } from "#app/config/launch-check.server.ts";
import { settings } from "#app/config/settings.server.ts";
import { goLiveLines } from "#app/panel/go-live-words.ts";
import { companyDateTime } from "#app/panel/time.ts";
import { renderPage } from "#app/panel/views.tsx";
import { adminPath } from "#server/admin.ts";
import { localsOf } from "#server/panel.tsx";
import type { Release } from "#server/release.ts";

/** The steps as older releases of `npm run deploy` logged them (in English), by the owner's key. */
const deploySteps: Record<
  string,
  "fetch" | "read" | "install" | "content" | "build" | "size" | "prune" | "migrate"
> = {
  "the commit could not be fetched from the repository": "fetch",
  "the commit's files could not be read": "read",
  "installing its dependencies failed": "install",
  "its content has mistakes": "content",
  "building the site failed": "build",
  "a page is over its size budget": "size",
  "keeping only its production dependencies failed": "prune",
  "updating the database failed": "migrate",
};

type Deploy = { at: number; commit: string; outcome: "published" | "failed"; step?: string };

/** The last bytes of a file (a log grows without end); empty when there is none. */
function tail(file: string, bytes: number): string {
  let fd: number | undefined;
  try {
    const size = statSync(file).size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    fd = openSync(file, "r");
    readSync(fd, buffer, 0, buffer.length, start);
    return buffer.toString("utf8");
  } catch {
    return "";
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The deploys in the deploy log (pino's JSON lines, scripts/deploy.ts), newest first. */
function recentDeploys(logText: string, limit = 10): Deploy[] {
  const deploys: Deploy[] = [];
  for (const line of logText.split("\n")) {
    let entry: { time?: unknown; msg?: unknown; commit?: unknown; step?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line cut by the tail, or a command's own output
    }
    const at = Number(entry.time);
    const commit = typeof entry.commit === "string" ? entry.commit : "";
    if (!Number.isFinite(at)) continue;
    if (entry.msg === "published") deploys.push({ at, commit, outcome: "published" });
    if (entry.msg === "deploy failed") {
      deploys.push({ at, commit, outcome: "failed", step: String(entry.step ?? "") });
    }
  }
  return deploys.reverse().slice(0, limit);
}

export function siteSection(
  router: express.Router,
  {
    release,
    deployLog,
    goLiveProblems,
    bookingHidden,
  }: {
    release: Release | null;
    /** DEPLOY_ROOT/deploy.log */
    deployLog: string;
    goLiveProblems: () => LaunchItem[];
    /** A calendar is connected, but this build's buttons lead to the contact page. */
    bookingHidden: boolean;
  },
) {
  router.get("/site", (_req, res) => {
    const { context } = localsOf(res);
    const { t, lang } = context;
    const deploys = recentDeploys(tail(deployLog, 256 * 1024));
    const problems = goLiveLines(goLiveProblems(), context, adminPath);
    const short = (commit: string) => commit.slice(0, 12);
    // A step's key (scripts/deploy-failure.ts); logs written before it held its English words.
    const stepOf = (step: string) => {
      const older = deploySteps[step];
      return older
        ? t(`panel.site.steps.${older}`)
        : t(`panel.deploy.steps.${step}`, {
            defaultValue: t("panel.site.steps.other"),
            seconds: settings.deploy.DEPLOY_START_SECONDS,
          });
    };
    res.send(
      renderPage(
        { ...context, section: "site" },
        t("panel.site.title"),
        <>
          {bookingHidden ? (
            <div role="note" className="notice">
              <p>{t("panel.site.bookingHidden", { talk: t("nav.talk") })}</p>
              <p>{t("panel.site.bookingHiddenFix")}</p>
            </div>
          ) : null}
          <section aria-labelledby="live">
            <h2 id="live">{t("panel.site.live")}</h2>
            {release ? (
              <p>
                {t("panel.site.release", {
                  commit: short(release.commit),
                  built: companyDateTime(Date.parse(release.builtAt), lang),
                  committed: companyDateTime(Date.parse(release.committedAt), lang),
                })}
              </p>
            ) : (
              <p>{t("panel.site.noRelease")}</p>
            )}
            <p className="hint">{t("panel.site.releaseHint")}</p>
          </section>
          <section aria-labelledby="deploys">
            <h2 id="deploys">{t("panel.site.deploys")}</h2>
            {deploys.length ? (
              <ul className="cards">
                {deploys.map((deploy) => (
                  <li key={`${deploy.at}-${deploy.commit}`} className="card">
                    <p>
                      <time>{companyDateTime(deploy.at, lang)}</time> ·{" "}
                      {deploy.outcome === "published"
                        ? t("panel.site.published", { commit: short(deploy.commit) })
                        : t("panel.site.failed", {
                            commit: short(deploy.commit),
                            step: stepOf(deploy.step ?? ""),
                          })}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t("panel.site.noDeploys")}</p>
            )}
          </section>
          <section aria-labelledby="go-live">
            <h2 id="go-live">{t("panel.site.goLive")}</h2>
            {problems.length ? (
              <>
                <p>{t("panel.site.problems", { count: problems.length })}</p>
                <ul className="cards">
                  {problems.map((problem) => (
                    <li key={problem.text} className="card">
                      <p>{problem.text}</p>
                      {problem.link ? (
                        <p>
                          <a href={problem.link.href}>{problem.link.label}</a>
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{t("panel.site.ready")}</p>
            )}
          </section>
          <section aria-labelledby="editor">
            <h2 id="editor">{t("panel.site.editor")}</h2>
            <p>
              <a href={adminPath}>{t("panel.site.openEditor")}</a>
            </p>
          </section>
        </>,
      ),
    );
  });
}
