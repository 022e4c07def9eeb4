/**
 * Posts a form's fields in the background, asking for the answer as JSON: the same URL
 * answers the form sent without JavaScript with a page. An answer that is not JSON (a proxy's,
 * the origin guard's) is told by its status, through `statusCodes` (each failure reason's
 * status, as the server gives it); no answer at all is "unavailable". `failed` makes the
 * form's own result of a reason.
 */
export async function postInBackground<Result, Reason extends string>({
  action,
  fields,
  extra = {},
  statusCodes,
  failed,
}: {
  action: string;
  fields: FormData;
  /** Fields the script adds to the form's own. */
  extra?: Record<string, string>;
  statusCodes: Record<Reason | "unavailable", number>;
  failed: (reason: Reason | "unavailable") => Result;
}): Promise<Result> {
  const body = new URLSearchParams();
  fields.forEach((value, key) => body.append(key, String(value)));
  for (const [key, value] of Object.entries(extra)) body.set(key, value);
  try {
    const response = await fetch(action, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    if (response.headers.get("content-type")?.includes("application/json"))
      return (await response.json()) as Result;
    const reason = Object.entries(statusCodes).find(([, code]) => code === response.status)?.[0];
    return failed((reason as Reason | undefined) ?? "unavailable");
  } catch {
    return failed("unavailable");
  }
}
