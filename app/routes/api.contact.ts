import { requestContext } from "~/contact/service.server";
import { defaultLanguage, publishedLanguages } from "~/routing/paths";
import type { Route } from "./+types/api.contact";

/** The endpoint only takes posts; any other method is told so, and which one to use. */
const methodNotAllowed = () =>
  new Response(null, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });

/** A GET or HEAD: not a page either, so no 404 page but 405. */
export const loader = methodNotAllowed;

/** The contact form's endpoint for browsers with JavaScript: answers JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { contact, clientKey } = context.get(requestContext);
  const requested = new URL(request.url).searchParams.get("lang");
  const lang = publishedLanguages().find((code) => code === requested) ?? defaultLanguage;
  // Only the form's script posts here, and it sends the fill time.
  const { status, result, headers } = await contact.submit(request, {
    clientKey,
    lang,
    timed: true,
  });
  return Response.json(result, { status, headers: { ...headers, "Cache-Control": "no-store" } });
}
