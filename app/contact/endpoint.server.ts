import Negotiator from "negotiator";
import type { SubmitResponse } from "#app/contact/submit.server.ts";

/**
 * Whether a post to the contact page asks for its answer as JSON: the form's script sends
 * `Accept: application/json`; a browser submitting the form without JavaScript asks for
 * HTML, and a client that names neither (or any type) gets the page too.
 */
export function wantsJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? undefined;
  const negotiator = new Negotiator({ headers: { accept } });
  return negotiator.mediaType(["text/html", "application/json"]) === "application/json";
}

/** A submission's answer as the form's script reads it: the result as JSON, never cached. */
export function jsonAnswer({
  status,
  result,
  headers,
}: Pick<SubmitResponse, "status" | "headers"> & { result: unknown }): Response {
  return Response.json(result, { status, headers: { ...headers, "Cache-Control": "no-store" } });
}
