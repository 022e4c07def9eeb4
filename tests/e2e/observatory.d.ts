declare module "@mdn/mdn-http-observatory/src/retriever/retriever.js" {
  export function retrieve(
    hostname: string,
    options?: { httpPort?: number; httpsPort?: number; path?: string },
  ): Promise<unknown>;
}
declare module "@mdn/mdn-http-observatory/src/constants.js" {
  export const ALL_TESTS: unknown[];
}
declare module "@mdn/mdn-http-observatory/src/grader/grader.js" {
  export function getScoreModifier(expectation: string): number;
  export function getGradeForScore(score: number): { grade: string; score: number };
}
declare module "@mdn/mdn-http-observatory/src/grader/charts.js" {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}
