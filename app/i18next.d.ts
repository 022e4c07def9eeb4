import "i18next";
import type { Messages } from "~/lib/i18n";

declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}
