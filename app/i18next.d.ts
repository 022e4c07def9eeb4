import "i18next";
import type { Messages } from "~/i18n/i18n";

declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}
