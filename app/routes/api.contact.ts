import { redirect } from "react-router";
import { defaultLanguage, localizedPath, publishedLanguages } from "#app/routing/paths.ts";
import type { Route } from "./+types/api.contact";

/** The endpoint only takes posts; any other method is told so, and which one to use. */
const methodNotAllowed = () =>
  new Response(null, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });

/** A GET or HEAD: not a page either, so no 404 page but 405. */
export const loader = methodNotAllowed;

/**
 * The contact form's former endpoint for its script. The form now posts to its page, which
 * answers the script in JSON (app/routes/contact.tsx); this URL only sends a post there, to
 * the contact page of the language it names (`?lang=`), so that a page loaded before the
 * change, whose script still posts here, keeps working. 308 keeps the method and the body:
 * the browser posts the same message again, and gets the same JSON answer.
 */
export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const requested = new URL(request.url).searchParams.get("lang");
  const lang = publishedLanguages().find((code) => code === requested) ?? defaultLanguage;
  return redirect(localizedPath("contact", lang), {
    status: 308,
    headers: { "Cache-Control": "no-store" },
  });
}
