import { requestContext } from "~/lib/contact/service.server";
import { defaultLanguage, publishedLanguages } from "~/lib/site-paths";
import type { Route } from "./+types/api.contact";

/** The contact form's endpoint for browsers with JavaScript: answers JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  const { contact, clientKey } = context.get(requestContext);
  const requested = new URL(request.url).searchParams.get("lang");
  const lang = publishedLanguages().find((code) => code === requested) ?? defaultLanguage;
  const { status, result, headers } = await contact.submit(request, { clientKey, lang });
  return Response.json(result, { status, headers: { ...headers, "Cache-Control": "no-store" } });
}
