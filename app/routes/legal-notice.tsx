import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { useLocale } from "~/lib/use-locale";

export default function LegalNotice() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta
        title={t("legal.legal.meta.title")}
        description={t("legal.legal.meta.description")}
      />
      <PageHeader title={t("legal.legal.meta.title")} />
    </>
  );
}
