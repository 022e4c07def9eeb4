// /ask on the server: the question's passages, the optional generated answer and its checks,
// the limits and the counts. No question is written anywhere: not stored, not logged.
import { existsSync, readFileSync } from "node:fs";
import { createContext } from "react-router";
import { checkGrounding } from "#app/ask/grounding.ts";
import { generateAnswer, ProviderStatusError } from "#app/ask/provider.server.ts";
import { answerQuestion, createRetriever, type AskIndex } from "#app/ask/retrieve.ts";
import { passageText, type Passage } from "#app/ask/search.ts";
import type { Logger } from "#app/config/log.server.ts";
import type { AskSettings } from "#app/config/settings.server.ts";
import type { Language } from "#app/config/site.ts";
import { defaultLanguage } from "#app/routing/paths.ts";
import type { RateLimitDecision } from "#app/contact/rate-limit.server.ts";
import { questionMaxLength, type AskResult } from "#app/ask/result.ts";

export function startAskService(
  settings: AskSettings,
  {
    indexFile,
    languages,
    company,
    budget,
    onQuestion,
    log,
  }: {
    /** Where the build wrote a language's index; none (development without a build): nothing is answered. */
    indexFile: ((lang: Language) => string) | null;
    languages: readonly Language[];
    company: string;
    budget: (options: { scope: string; max: number; windowMs: number }) => {
      consume(clientKey: string): Promise<RateLimitDecision>;
    };
    /** Counts a question (no text), and whether it was answered. */
    onQuestion: (lang: Language, answered: boolean) => void;
    log: Logger;
  },
) {
  const retrievers = new Map(
    languages.flatMap((lang) => {
      const file = indexFile?.(lang);
      if (!file) return [];
      if (!existsSync(file)) {
        // A build made before /ask existed, or cut short: every question is handed over.
        log.warn({ lang, file }, "no index for /ask in this build: questions are handed over");
        return [];
      }
      const index = JSON.parse(readFileSync(file, "utf8")) as AskIndex;
      return [[lang, createRetriever(lang, index)] as const];
    }),
  );
  log.info(
    {
      passages: Object.fromEntries([...retrievers].map(([lang, r]) => [lang, r.passageCount])),
      provider: settings.ASSISTANT_PROVIDER,
    },
    "questions answered from the site's pages",
  );
  const limiter = budget({
    scope: "ask:",
    max: settings.ASK_RATE_LIMIT_MAX,
    windowMs: settings.ASK_RATE_LIMIT_WINDOW_SECONDS * 1000,
  });
  const provider = settings.ASSISTANT_PROVIDER === "openai-compatible" ? settings : null;

  /** The model's answer when it passes the checks; null (the quoted passages) otherwise. */
  async function generated(lang: Language, question: string, passages: Passage[]) {
    if (!provider) return null;
    try {
      const answer = await generateAnswer(provider, { lang, company, question, passages });
      const verdict = checkGrounding(answer, passages.map(passageText), lang);
      if (verdict.ok) return answer;
      log.warn({ reason: verdict.reason }, "generated answer refused: quoting the passages");
    } catch (error) {
      // The error's kind and the status only: a message can quote the provider's body (a
      // JSON SyntaxError does), which may echo the question.
      log.warn(
        {
          error: error instanceof Error ? error.name : typeof error,
          status: error instanceof ProviderStatusError ? error.status : undefined,
        },
        "provider failed: quoting the passages",
      );
    }
    return null;
  }

  return {
    /** Whether a model writes the answers, and where the question goes then (its host). */
    provider: provider ? new URL(provider.ASSISTANT_BASE_URL ?? "http://invalid").host : null,
    async ask(question: string, lang: Language, clientKey: string): Promise<AskResult> {
      if (question.length > questionMaxLength) return { status: "tooLong" };
      const { allowed, headers } = await limiter.consume(clientKey);
      if (!allowed) return { status: "rateLimited", headers };
      const { passages, fallback } = answerQuestion(retrievers, lang, question, defaultLanguage);
      onQuestion(lang, passages.length > 0);
      if (passages.length === 0) return { status: "unknown" };
      return {
        status: "answered",
        passages,
        fallback,
        generated: await generated(lang, question, passages),
      };
    },
  };
}

export type AskService = ReturnType<typeof startAskService>;

export const askContext = createContext<{ ask: AskService; clientKey: string }>();
