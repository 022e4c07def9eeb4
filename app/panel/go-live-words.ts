// The go-live check (app/config/launch-check.server.ts) as the owner acts on it: each item as
// what to fill in, in their language, and where — a link to the entry in the content editor
// (/admin), named by the editor's own labels (content/company.json's schema), or, for a
// setting of the server, who changes it.
import type { TFunction } from "i18next";
import type { z } from "zod";
import type { LaunchItem } from "#app/config/launch-check.server.ts";
import textLabels from "#app/admin/text-labels.json" with { type: "json" };
import { companySchema } from "#app/content/schema.ts";
import { languageName } from "#app/i18n/language-name.ts";

export type GoLiveLine = { text: string; link?: { href: string; label: string } };

/** The editor's title of a schema, as `.meta({ title })` gives it. */
const titleOf = (schema: z.ZodType) => (schema.meta()?.["title"] as string | undefined) ?? "";

/** A field of content/company.json by the editor's labels: "Datos legales › Proveedor de alojamiento". */
export function companyFieldLabel(field: string): string {
  const titles: string[] = [];
  let schema: z.ZodType | undefined = companySchema;
  for (const name of field.split(".")) {
    const shape: Record<string, z.ZodType> | undefined = (
      schema as { shape?: Record<string, z.ZodType> } | undefined
    )?.shape;
    schema = shape?.[name];
    if (!schema) break;
    titles.push(titleOf(schema) || name);
  }
  return titles.join(" › ");
}

/**
 * A fact's value as a person reads it: a text as it is, a list joined, languages and the
 * brands' kind in words; a whole group, none.
 */
function shown(item: Extract<LaunchItem, { kind: "unconfirmed" }>, t: TFunction, lang: string) {
  const { value } = item;
  if (item.fact === "spokenLanguages" && Array.isArray(value)) {
    return value.map((code) => languageName(String(code), lang).toLocaleLowerCase(lang)).join(", ");
  }
  if (item.fact === "brandsRelation" && (value === "tradeNames" || value === "separateCompanies")) {
    return t(`panel.goLive.brandsRelation.${value}`);
  }
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value) && value.every((entry) => typeof entry === "string")) {
    return value.join(", ");
  }
  return "";
}

export function goLiveLine(
  item: LaunchItem,
  { t, lang }: { t: TFunction; lang: string },
  adminPath: string,
): GoLiveLine {
  const company = {
    href: `${adminPath}#/collections/site/entries/company`,
    label: t("panel.goLive.openCompany"),
  };
  const server = (text: string) => ({ text: `${text} ${t("panel.goLive.server")}` });
  switch (item.kind) {
    case "placeholder":
      return {
        text: t("panel.goLive.placeholder", {
          field: companyFieldLabel(item.field),
          value: item.value,
        }),
        link: company,
      };
    case "unconfirmed": {
      const region = item.fact === "inRegion";
      const field = region ? textLabels.parts.company.label : companyFieldLabel(item.fact);
      const value = shown(item, t, lang);
      return {
        text: t(value ? "panel.goLive.unconfirmedValue" : "panel.goLive.unconfirmed", {
          field,
          value,
        }),
        link: region
          ? {
              href: `${adminPath}#/collections/texts/entries/company`,
              label: t("panel.goLive.openTexts"),
            }
          : company,
      };
    }
    case "termNotStated":
      return {
        text: t(`panel.goLive.${item.term}`, {
          field: companyFieldLabel(`practice.engagementTerms.${item.model}`),
        }),
        link: company,
      };
    case "noCaseStudies":
      return {
        text: t("panel.goLive.noCaseStudies"),
        link: {
          href: `${adminPath}#/collections/caseStudies/new`,
          label: t("panel.goLive.addCaseStudy"),
        },
      };
    case "noPeople":
      return {
        text: t("panel.goLive.noPeople"),
        link: { href: `${adminPath}#/collections/people/new`, label: t("panel.goLive.addPerson") },
      };
    case "setting":
      return server(
        t(`panel.goLive.settings.${item.setting as "SITE_URL"}`, {
          value: item.value,
          setting: item.setting,
        }),
      );
    case "notHttps":
    case "noSmtp":
    case "noCalendar":
    case "build":
      return server(t(`panel.goLive.${item.kind}`));
  }
}

/**
 * The go-live list as the owner reads it: several problems of the built files (its address,
 * its security.txt) all ask the same of the owner, to publish again, and say it once.
 */
export function goLiveLines(
  items: readonly LaunchItem[],
  context: { t: TFunction; lang: string },
  adminPath: string,
): GoLiveLine[] {
  const lines = items.map((item) => goLiveLine(item, context, adminPath));
  return [...new Map(lines.map((line) => [line.text, line])).values()];
}
