import { languages } from "./support";
import { sweepPages } from "./page-sweep";

// Every page × published language URL of the default build, each loaded once.
sweepPages(languages);
