// What /ask answers, shared by the server and the page.
import type { Passage } from "#app/ask/search.ts";
import type { Language } from "#app/config/site.ts";

/** The longest question taken (the form's `maxlength` too). */
export const questionMaxLength = 300;

export type AskResult =
  | { status: "tooLong" }
  | { status: "rateLimited"; headers: Record<string, string> }
  /** No passage answers well enough: the page hands over to a person. */
  | { status: "unknown" }
  | {
      status: "answered";
      passages: Passage[];
      /** The language of the pages quoted when the question's own had no answer (Spanish). */
      fallback: Language | null;
      /** A model's answer that passed the checks; its [n] cite `passages`. */
      generated: string | null;
    };
