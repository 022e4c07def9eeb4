import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { useLocale } from "~/lib/use-locale";

export default function Privacy() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta
        title={t("legal.privacy.meta.title")}
        description={t("legal.privacy.meta.description")}
      />
      <PageHeader title={t("legal.privacy.meta.title")} />
    </>
  );
}
