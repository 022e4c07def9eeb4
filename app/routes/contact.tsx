import { people } from "virtual:people";
import { CalendarDays, ExternalLink, Mail, MapPin } from "lucide-react";
import bookingRules from "#content/booking.json" with { type: "json" };
import {
  data,
  redirect,
  useActionData,
  useLocation,
  type RouterContextProvider,
} from "react-router";
import { contactAnchors } from "#app/components/contact-form.tsx";
import { ContactFormIsland } from "#app/components/contact-form-island.tsx";
import { Faq } from "#app/components/faq.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { PersonCard } from "#app/components/person.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { siteConfig } from "#app/config/site.ts";
import type { Person } from "#app/content/collections.ts";
import { jsonAnswer, wantsJson } from "#app/contact/endpoint.server.ts";
import { requestContext } from "#app/contact/service.server.ts";
import { contactLimits } from "#app/contact/schema.ts";
import { documentTitle } from "#app/routing/seo.ts";
import {
  bookingOffered,
  bookingPath,
  contactSentPath,
  parseLocalizedPath,
} from "#app/routing/paths.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { Route } from "./+types/contact";

/** One submission of the contact form to this page, in the page's language. */
function submit(request: Request, context: Readonly<RouterContextProvider>, timed: boolean) {
  const { contact, clientKey } = context.get(requestContext);
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  return contact.submit(request, { clientKey, lang, timed });
}

/**
 * The contact form has one endpoint, the page's own URL. Its script posts the fields with
 * its fill time, asking for JSON: answered here, with the submission's status, before React
 * Router would run the action and render the page around its answer (which the script would
 * throw away: rendering it for every post refused by the rate limit cut the throughput
 * under load about six times).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || !wantsJson(request)) return next();
    return jsonAnswer(await submit(request, context, true));
  },
];

/**
 * The form's answer without JavaScript. Sent: 303 to the "sent" page (Post/Redirect/Get),
 * so a refresh shows the message again instead of sending it again. Not sent: the page
 * again, with what was typed and the errors.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  // The form without JavaScript has no timer to send.
  const { status, result, headers } = await submit(request, context, false);
  if (result.status === "sent") {
    return redirect(`${contactSentPath(lang)}#${contactAnchors.sent}`, { status: 303, headers });
  }
  return data(result, { status, headers });
}

/** The action's rate-limit headers (`Retry-After`, `RateLimit*`) on the page it answers with. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => ({
  ...Object.fromEntries(loaderHeaders),
  ...Object.fromEntries(actionHeaders),
});

function ContactDetails() {
  const { t } = useLocale();
  const link = "font-medium text-brand-text hover:underline";
  const details = [
    {
      icon: Mail,
      term: t("contact.details.email"),
      value: (
        <a href={`mailto:${siteConfig.email}`} className={`${link} break-all`}>
          {siteConfig.email}
        </a>
      ),
    },
    {
      icon: MapPin,
      term: t("contact.details.location"),
      value: t("contact.details.locationValue"),
    },
    {
      icon: ExternalLink,
      term: t("contact.details.profile"),
      value: (
        <a href={siteConfig.linkedinUrl} target="_blank" rel="noopener noreferrer" className={link}>
          {t("contact.details.profileLink")}
          <span className="sr-only"> {t("contact.details.newTab")}</span>
        </a>
      ),
    },
  ];
  return (
    <Card as="section" aria-labelledby="contact-details">
      <h2 id="contact-details" className="text-xl text-fg">
        {t("contact.details.title")}
      </h2>
      <dl className="mt-5 space-y-4">
        {details.map(({ icon: Icon, term, value }) => (
          <div key={term}>
            <dt className="flex items-center gap-2 text-sm font-medium text-muted">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-text" />
              {term}
            </dt>
            <dd className="mt-1 pl-6">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The other way to start: a call booked straight into the company's calendar. */
function BookCall() {
  const { t, lang } = useLocale();
  return (
    <Card as="section" aria-labelledby="contact-book">
      <h2 id="contact-book" className="text-xl text-fg">
        {t("contact.book.title")}
      </h2>
      <p className="mt-2 text-muted">
        {t("contact.book.text", { minutes: bookingRules.meetingMinutes })}
      </p>
      <ButtonLink href={bookingPath(lang)} variant="outline" className="mt-4">
        <CalendarDays aria-hidden="true" className="size-4" />
        {t("booking.title")}
      </ButtonLink>
    </Card>
  );
}

/** What a visitor can expect after sending: reply time from siteConfig, a call, a proposal. */
function NextSteps() {
  const { t } = useLocale();
  const steps = [
    {
      title: t("contact.next.reply.title", { count: siteConfig.practice.replyWithinBusinessDays }),
      text: t("contact.next.reply.text"),
    },
    { title: t("contact.next.call.title"), text: t("contact.next.call.text") },
    { title: t("contact.next.proposal.title"), text: t("contact.next.proposal.text") },
  ];
  return (
    <section aria-labelledby="contact-next">
      <h2 id="contact-next" className="text-xl text-fg">
        {t("contact.next.title")}
      </h2>
      <ol className="mt-5 space-y-5">
        {steps.map(({ title, text }, i) => (
          <li key={title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full border-2 border-accent font-display font-extrabold text-accent"
            >
              {i + 1}
            </span>
            <div>
              <h3 className="font-sans text-base font-semibold text-fg">{title}</h3>
              <p className="mt-1 text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The people who read and answer the messages (content/people), when the company names them;
 * and a message to start from (`?message=`, from /ask's hand-over), which the server renders
 * into the form (server/fast-path.ts sends such a URL here): never kept by a cache.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parseLocalizedPath(url.pathname);
  const message = (url.searchParams.get("message") ?? "").slice(0, contactLimits.message);
  return data(
    { answering: (people[lang] ?? []).filter((person) => person.answersMessages), message },
    message ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

function WhoAnswers({ people }: { people: Person[] }) {
  const { t } = useLocale();
  if (!people.length) return null;
  return (
    <section aria-labelledby="contact-people">
      <h2 id="contact-people" className="text-xl text-fg">
        {t("contact.people.title")}
      </h2>
      <p className="mt-2 text-muted">{t("contact.people.text")}</p>
      <ul className="mt-5 space-y-4">
        {people.map((person) => (
          <PersonCard key={person.key} person={person} compact />
        ))}
      </ul>
    </section>
  );
}

/** The contact page; also, rendered per request, the "sent" page a no-JS submission lands on. */
export default function Contact({ loaderData: { answering, message } }: Route.ComponentProps) {
  const { t, href, lang } = useLocale();
  const sent = useLocation().pathname === contactSentPath(lang);
  const result = useActionData<typeof action>() ?? (sent ? { status: "sent" } : undefined);
  const title = t("contact.meta.title");
  return (
    <>
      {/* Answers to a submission stay out of search engines: noindex, no canonical. */}
      {result?.status === "failed" ? (
        <PageMeta title={t("contact.form.errorPageTitle", { title })} />
      ) : result ? (
        <PageMeta title={title} />
      ) : (
        <PageMeta page="contact" />
      )}
      <PageHeader title={t("contact.title")}>
        <p>{t("contact.lead")}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.5fr_1fr] lg:gap-12">
        {/* As tall as the column beside it: the message box takes the extra height, so the
            card never ends above its neighbours nor in empty white. */}
        <Card
          as="section"
          aria-labelledby="contact-form-title"
          padding="lg"
          className="flex flex-col"
          data-contact-card
        >
          <h2 id="contact-form-title" className="text-xl text-fg">
            {t("contact.form.title")}
          </h2>
          <div className="mt-6 flex flex-1 flex-col">
            <ContactFormIsland
              action={href("contact")}
              result={result}
              pageTitle={documentTitle(title)}
              message={message}
            />
          </div>
        </Card>
        <div className="flex flex-col gap-10">
          {bookingOffered ? <BookCall /> : null}
          <NextSteps />
          <WhoAnswers people={answering} />
          <ContactDetails />
        </div>
      </div>
      {/* On the base surface, set off by a hairline: the muted footer follows directly. */}
      <Faq className="border-t border-line" askLink />
    </>
  );
}
