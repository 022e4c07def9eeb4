import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { useLocale } from "~/lib/use-locale";

export default function About() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta title={t("about.meta.title")} description={t("about.meta.description")} />
      <PageHeader title={t("about.title")} />
    </>
  );
}
