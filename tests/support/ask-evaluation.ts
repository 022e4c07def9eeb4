// How well /ask answers a question set (tests/e2e/ask-tuning.json, tests/e2e/ask-test.json):
// per language and per kind of question, the shares the bench prints, docs/performance.md keeps
// and tests/e2e/ask.spec.ts holds floors for. A question is answered by the pages of its quoted
// passages, first one first; none is a hand-over.

/** A question of a set: the pages that answer it (none: only a person can, or off-topic). */
type AskQuestion = {
  lang: string;
  q: string;
  /** plain, synonym (the visitor's word is not the site's), typo, company, person, off-topic. */
  kind: string;
  pages: string[];
};

export type AskQuestionSet = { note?: string; questions: AskQuestion[] };

/** The pages of the passages quoted for a question, in order; empty when it was handed over. */
type Answered = { question: AskQuestion; quoted: string[] };

/** The href of each quoted passage's source link, in order, from an answer page's HTML. */
export const sourceLinks = (html: string) =>
  [...html.matchAll(/<figcaption[^>]*>.*?<a href="([^"]+)"/g)].map((match) => match[1] ?? "");

/** The answer page's URL for a question in its language. */
export const askUrl = (base: string, { lang, q }: Pick<AskQuestion, "lang" | "q">) =>
  `${base}${lang === "es" ? "" : `/${lang}`}/ask?q=${encodeURIComponent(q)}`;

/** Each question asked of the server at `base` in turn, with the pages of its quoted passages. */
export async function askAll(base: string, questions: AskQuestion[]): Promise<Answered[]> {
  const answers: Answered[] = [];
  for (const question of questions) {
    const response = await fetch(askUrl(base, question));
    if (!response.ok) throw new Error(`${response.status} for ${question.q}`);
    const quoted = sourceLinks(await response.text()).map((link) => link.split("#")[0] ?? "");
    answers.push({ question, quoted });
  }
  return answers;
}

/** Neither off-topic nor for a person: the site has the answer. */
const answerable = (question: AskQuestion) => question.pages.length > 0;

type AskFigures = {
  /** Answerable questions, and of them: */
  answerable: number;
  /** the first quoted passage is on a page that answers, */
  rightFirst: number;
  /** any quoted passage is, */
  rightQuoted: number;
  /** handed over to a person, */
  handedOver: number;
  /** the first quoted passage is on a page that does not answer. */
  wrongFirst: number;
  /** Off-topic questions and questions only a person can answer, and of them handed over. */
  notAnswerable: number;
  notAnswerableHandedOver: number;
};

/** The share `part / whole` as a whole percentage ("–" for none). */
const percent = (part: number, whole: number) =>
  whole === 0 ? "–" : `${Math.round((part / whole) * 100)} %`;

export const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

/**
 * A page answers when it is listed; a passage found in the Spanish pages for a question in
 * another language (said so on the answer) answers when the listed page is its translation.
 */
const withoutLanguage = (page: string) => page.replace(/^\/(?:en|ca|de)(?=\/|$)/, "") || "/";
const rightPage = (question: AskQuestion, page: string | undefined) =>
  page !== undefined &&
  question.pages.some((listed) => listed === page || withoutLanguage(listed) === page);

function figures(answers: Answered[]): AskFigures {
  const result: AskFigures = {
    answerable: 0,
    rightFirst: 0,
    rightQuoted: 0,
    handedOver: 0,
    wrongFirst: 0,
    notAnswerable: 0,
    notAnswerableHandedOver: 0,
  };
  for (const { question, quoted } of answers) {
    if (!answerable(question)) {
      result.notAnswerable++;
      if (quoted.length === 0) result.notAnswerableHandedOver++;
      continue;
    }
    result.answerable++;
    if (quoted.length === 0) result.handedOver++;
    else if (rightPage(question, quoted[0])) result.rightFirst++;
    else result.wrongFirst++;
    if (quoted.some((page) => rightPage(question, page))) result.rightQuoted++;
  }
  return result;
}

/** The figures of each language, and of all of them together (`all`). */
export function figuresByLanguage(answers: Answered[], languages: readonly string[]) {
  return Object.fromEntries([
    ...languages.map((lang) => [
      lang,
      figures(answers.filter(({ question }) => question.lang === lang)),
    ]),
    ["all", figures(answers)],
  ]) as Record<string, AskFigures>;
}

/** A Markdown table of the figures per language (columns) and measure (rows). */
export function figuresTable(byLanguage: Record<string, AskFigures>) {
  const columns = Object.keys(byLanguage);
  const row = (label: string, cell: (f: AskFigures) => string) =>
    `| ${label} | ${columns.map((lang) => cell(byLanguage[lang] as AskFigures)).join(" | ")} |`;
  return [
    `| | ${columns.join(" | ")} |`,
    `| --- | ${columns.map(() => "---:").join(" | ")} |`,
    row("Answerable questions", (f) => String(f.answerable)),
    row("Right page first", (f) => percent(f.rightFirst, f.answerable)),
    row("Right page among the quoted", (f) => percent(f.rightQuoted, f.answerable)),
    row("Handed over when answerable", (f) => percent(f.handedOver, f.answerable)),
    row("Wrong page quoted first", (f) => percent(f.wrongFirst, f.answerable)),
    row(
      "Off-topic or for a person: handed over",
      (f) => `${percent(f.notAnswerableHandedOver, f.notAnswerable)} of ${f.notAnswerable}`,
    ),
  ].join("\n");
}

/** Right page first per kind of question (handed over, for off-topic and person ones). */
export function kindsTable(answers: Answered[]) {
  const kinds = [...new Set(answers.map(({ question }) => question.kind))].sort();
  return [
    "| Kind | Questions | Right page first, or handed over when not answerable |",
    "| --- | ---: | ---: |",
    ...kinds.map((kind) => {
      const f = figures(answers.filter(({ question }) => question.kind === kind));
      const value =
        f.answerable > 0
          ? percent(f.rightFirst, f.answerable)
          : percent(f.notAnswerableHandedOver, f.notAnswerable);
      return `| ${kind} | ${f.answerable + f.notAnswerable} | ${value} |`;
    }),
  ].join("\n");
}
