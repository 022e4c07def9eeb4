import "i18next";
import type { Messages } from "#app/i18n/i18n.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}
