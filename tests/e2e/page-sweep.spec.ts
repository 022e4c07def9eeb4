import { languages } from "#tests/e2e/support.ts";
import { sweepPages } from "#tests/e2e/page-sweep.ts";

// Every page × published language URL of the default build, each loaded once.
sweepPages(languages);
