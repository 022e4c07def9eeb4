// snowball-stemmers ships no types; the calls app/ask/search.ts makes.
declare module "snowball-stemmers" {
  const snowball: {
    newStemmer(algorithm: string): { stem(word: string): string };
    algorithms(): string[];
  };
  export default snowball;
}
