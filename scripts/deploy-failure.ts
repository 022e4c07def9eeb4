// Why a save was not published, as the owner reads it (scripts/deploy.ts): which step failed,
// whether the fault is the server's or the content's, and the e-mail that says so in the
// owner's language. Apart from the deploy so that it is tested without one.
import type { Language } from "#app/config/site.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";

/** The deploy's steps, in order (panel.deploy.steps in the catalogues). */
export type Step =
  | "repository"
  | "fetch"
  | "files"
  | "install"
  | "content"
  | "build"
  | "size"
  | "prune"
  | "migrate"
  | "restart"
  | "start";

/**
 * Whose fault a failure is. "content": something the owner saved (a catalogue, a front matter,
 * a page too heavy); the editor fixes it. "server": the machine or its settings (a package that
 * did not install, a full disk, a permission, a missing program, the network, the database, a
 * service that does not start); nothing the owner saves fixes it.
 */
export type Fault = "server" | "content";

/** The steps whose failure is the content's, unless the output shows the server failed. */
const contentSteps: ReadonlySet<Step> = new Set(["content", "build", "size"]);

/**
 * Signs in a step's output that the server failed, whatever the step: no space, no
 * permission, no memory, a program or a package missing (the build's dependencies left out by
 * `NODE_ENV=production`, for one), the network.
 */
const serverSigns = [
  /\bENOSPC\b|No space left on device/,
  /\bE(ACCES|PERM|ROFS)\b|Permission denied|Read-only file system/,
  /\bENOMEM\b|Cannot allocate memory|JavaScript heap out of memory|\bKilled\b/,
  /command not found|: not found$/m,
  /ERR_MODULE_NOT_FOUND|Cannot find (package|module) /,
  /\bE(AI_AGAIN|NOTFOUND|CONNREFUSED|CONNRESET|TIMEDOUT)\b/,
  // A machine too busy or too small: the prerender's own requests time out.
  /aborted due to timeout/,
];

/** Exit codes a shell gives a program it could not find (127) or run (126). */
const missingProgram = new Set([126, 127]);

export function faultOf(step: Step, output: string, code: number | null = 1): Fault {
  if (!contentSteps.has(step)) return "server";
  if (code !== null && missingProgram.has(code)) return "server";
  return serverSigns.some((sign) => sign.test(output)) ? "server" : "content";
}

export type FailureReport = {
  step: Step;
  fault: Fault;
  /** The step's output; its last lines go into the e-mail. */
  output: string;
  /** The commit asked for, or "" for the branch's newest. */
  commit: string;
  branch: string;
  /** The commit's subject line, when it was fetched. */
  commitSubject?: string;
  /** The live release's commit, if any. */
  liveCommit?: string;
  /** How long the new version had to start (the step "start"). */
  startSeconds: number;
};

/** The last lines of a step's output that the e-mail and the log carry. */
export const lastLines = (output: string) => output.trim().split("\n").slice(-40);

/** The e-mail that tells the owner a save was not published, why, and who can fix it. */
export function failureMail(report: FailureReport, lang: Language = "es") {
  const { t } = createI18n(lang, catalogue(lang));
  const step = t(`panel.deploy.steps.${report.step}`, { seconds: report.startSeconds });
  const commit = report.commit || report.branch;
  const subject = t(`panel.deploy.subject.${report.fault}`, {
    step,
    commit: report.commit.slice(0, 12) || report.branch,
  });
  const text = [
    t("panel.deploy.notPublished", { step }),
    "",
    t(`panel.deploy.fault.${report.fault}`),
    "",
    report.commitSubject
      ? t("panel.deploy.commitWithSubject", { commit, subject: report.commitSubject })
      : t("panel.deploy.commit", { commit }),
    report.liveCommit
      ? t("panel.deploy.stillLive", { commit: report.liveCommit })
      : t("panel.deploy.unchanged"),
    "",
    t("panel.deploy.whatWentWrong"),
    ...lastLines(report.output),
    "",
    t(`panel.deploy.next.${report.fault}`),
  ].join("\n");
  return { subject, text };
}
