import { data } from "react-router";
import { questionMaxLength, type AskResult } from "#app/ask/result.ts";
import { askContext } from "#app/ask/service.server.ts";
import { bookingContext } from "#app/booking/service.server.ts";
import type { Passage } from "#app/ask/search.ts";
import { DocumentMeta, PageMeta } from "#app/components/page-meta.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { inputClass } from "#app/components/ui/form-parts.tsx";
import { useLocale } from "#app/i18n/use-locale.ts";
import {
  askPath,
  bookingPath,
  localizedPath,
  parseLocalizedPath,
  publishedLanguages,
} from "#app/routing/paths.ts";
import { absoluteUrl, ogImagePath } from "#app/routing/seo.ts";
import type { Route } from "./+types/ask";

/**
 * The question in `?q=` (a GET form: it works without JavaScript and the answer is in the
 * HTML), answered by the server. A page with a question is never kept by a cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parseLocalizedPath(url.pathname);
  const { ask, clientKey } = context.get(askContext);
  const question = (url.searchParams.get("q") ?? "").replace(/\s+/g, " ").trim();
  const provider = ask.provider;
  // The switcher leads to the other languages' empty form: a question is asked in one language.
  const languageLinks = Object.fromEntries(
    publishedLanguages().map((code) => [code, askPath(code)]),
  );
  // A call is offered when this server reads a calendar (the booking page then has slots).
  const bookable = context.get(bookingContext).booking.health().calendars > 0;
  if (!question) {
    return data(
      { question, provider, bookable, languageLinks, result: null },
      { headers: { "Cache-Control": "no-cache" } },
    );
  }
  const result: AskResult = await ask.ask(question, lang, clientKey);
  const status = result.status === "tooLong" ? 400 : result.status === "rateLimited" ? 429 : 200;
  return data(
    { question, provider, bookable, languageLinks, result },
    {
      status,
      headers: {
        "Cache-Control": "no-store",
        ...(result.status === "rateLimited" ? result.headers : {}),
      },
    },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A passage as the site shows it: its paragraphs and list items, and where it comes from. */
function Quote({ passage, n, lang }: { passage: Passage; n: number; lang?: string }) {
  const href = passage.anchor ? `${passage.url}#${passage.anchor}` : passage.url;
  const source =
    passage.heading && passage.heading !== passage.title
      ? `${passage.title}: ${passage.heading}`
      : passage.title;
  const groups: { tag: "p" | "li"; texts: string[] }[] = [];
  for (const block of passage.blocks) {
    const last = groups.at(-1);
    if (block.tag === "li" && last?.tag === "li") last.texts.push(block.text);
    else groups.push({ tag: block.tag, texts: [block.text] });
  }
  return (
    <li id={`source-${n}`} className="scroll-mt-20">
      <figure
        lang={lang}
        className="space-y-3 rounded-card border border-line bg-surface-raised p-5"
      >
        <blockquote
          cite={absoluteUrl(passage.url)}
          className="space-y-2 border-l-4 border-accent pl-4 text-fg"
        >
          {groups.map((group, i) =>
            group.tag === "li" ? (
              <ul key={i} className="list-disc space-y-1 pl-5">
                {group.texts.map((text, j) => (
                  <li key={j}>{text}</li>
                ))}
              </ul>
            ) : (
              <p key={i}>{group.texts[0]}</p>
            ),
          )}
        </blockquote>
        <figcaption className="text-sm text-muted">
          <span aria-hidden="true">[{n}] </span>
          <a href={href} className="font-medium text-brand-text underline underline-offset-4">
            {source}
          </a>
        </figcaption>
      </figure>
    </li>
  );
}

/** A generated answer with its [n] as links to the quoted passages below. */
function Generated({ text }: { text: string }) {
  const parts = text.split(/(\[\d{1,3}\])/);
  return (
    <p className="text-lg text-fg">
      {parts.map((part, i) => {
        const n = /^\[(\d{1,3})\]$/.exec(part)?.[1];
        return n ? (
          <a key={i} href={`#source-${n}`} className="font-semibold text-brand-text underline">
            [{n}]
          </a>
        ) : (
          part
        );
      })}
    </p>
  );
}

/** A person instead: a call or a message, the question carried into it (editable there). */
function HandOver({ question, bookable }: { question: string; bookable: boolean }) {
  const { t, lang } = useLocale();
  const topic = encodeURIComponent(question);
  return (
    <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
      {bookable ? (
        <ButtonLink href={`${bookingPath(lang)}?topic=${topic}`}>
          {t("ask.handOver.book")}
        </ButtonLink>
      ) : null}
      <ButtonLink
        href={`${localizedPath("contact", lang)}?message=${topic}#contact-message`}
        variant={bookable ? "outline" : "primary"}
      >
        {t("ask.handOver.write")}
      </ButtonLink>
    </div>
  );
}

function Answer({
  result,
  question,
  bookable,
}: {
  result: AskResult;
  question: string;
  bookable: boolean;
}) {
  const { t } = useLocale();
  if (result.status === "tooLong" || result.status === "rateLimited") {
    return (
      <div>
        <div
          id="ask-problem"
          role="alert"
          className="rounded-lg border-2 border-danger bg-danger-soft p-4 text-fg"
        >
          <p>{t(`ask.errors.${result.status}`, { max: questionMaxLength })}</p>
        </div>
        {/* "…or write to us": the message form, the question already in it. */}
        {result.status === "rateLimited" ? <HandOver question={question} bookable={false} /> : null}
      </div>
    );
  }
  if (result.status === "unknown") {
    return (
      <section
        aria-labelledby="ask-answer"
        className="rounded-card border border-line bg-surface-muted p-5 sm:p-8"
      >
        <h2 id="ask-answer" className="text-xl text-fg">
          {t("ask.unknown.title")}
        </h2>
        <p className="mt-2 text-muted">{t("ask.unknown.text")}</p>
        <HandOver question={question} bookable={bookable} />
      </section>
    );
  }
  return (
    <section aria-labelledby="ask-answer" className="space-y-6">
      <div className="space-y-2">
        <h2 id="ask-answer" className="text-xl text-fg">
          {result.generated ? t("ask.answer.generatedTitle") : t("ask.answer.title")}
        </h2>
        {result.generated ? (
          <>
            <Generated text={result.generated} />
            <p className="text-sm text-muted">{t("ask.answer.generatedNote")}</p>
          </>
        ) : (
          <p className="text-muted">{t("ask.answer.quotedNote")}</p>
        )}
        {result.fallback ? <p className="text-muted">{t("ask.answer.fallback")}</p> : null}
      </div>
      <ol className="space-y-4">
        {result.passages.map((passage, i) => (
          <Quote key={passage.id} passage={passage} n={i + 1} lang={result.fallback ?? undefined} />
        ))}
      </ol>
      <div className="border-t border-line pt-6">
        <p className="font-semibold text-fg">{t("ask.answer.notFound")}</p>
        <HandOver question={question} bookable={bookable} />
      </div>
    </section>
  );
}

export default function Ask({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useLocale();
  const { question, provider, bookable, result } = loaderData;
  const tooLong = result?.status === "tooLong";
  const title = t("ask.meta.title");
  return (
    <>
      {result ? (
        <>
          <PageMeta title={t("ask.meta.answerTitle", { title })} />
          {/* The question is in this page's URL: the pages its links open get the origin only. */}
          <meta name="referrer" content="strict-origin" />
        </>
      ) : (
        <DocumentMeta
          title={title}
          description={t("ask.meta.description")}
          canonical={absoluteUrl(askPath(lang))}
          alternates={publishedLanguages().map((code) => ({
            hreflang: code,
            href: absoluteUrl(askPath(code)),
          }))}
          otherLanguages={publishedLanguages().filter((code) => code !== lang)}
          image={ogImagePath(lang)}
          imageAlt={t("seo.imageAlt")}
        />
      )}
      <PageHeader title={t("ask.title")}>
        <p>{t("ask.lead")}</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 sm:px-6 sm:py-16">
        <form method="get" action={askPath(lang)} role="search" className="space-y-3">
          <label htmlFor="ask-q" className="block font-medium text-fg">
            {t("ask.form.label")}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id="ask-q"
              name="q"
              type="search"
              required
              maxLength={questionMaxLength}
              defaultValue={question}
              placeholder={t("ask.form.placeholder")}
              aria-describedby={tooLong ? "ask-problem ask-notice" : "ask-notice"}
              aria-invalid={tooLong || undefined}
              // Beside its button, the field needs no space above it.
              className={cn(inputClass, "sm:mt-0")}
            />
            <Button type="submit">{t("ask.form.submit")}</Button>
          </div>
          <p id="ask-notice" className="text-sm text-muted">
            {provider ? t("ask.notice.provider", { provider }) : t("ask.notice.local")}{" "}
            {t("ask.notice.noRecord")}{" "}
            <a href={localizedPath("privacy", lang)} className="underline underline-offset-4">
              {t("ask.notice.privacy")}
            </a>
          </p>
        </form>
        {result ? <Answer result={result} question={question} bookable={bookable} /> : null}
      </div>
    </>
  );
}
