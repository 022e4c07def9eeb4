import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { useLocale } from "~/lib/use-locale";

export default function Brands() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta title={t("brands.meta.title")} description={t("brands.meta.description")} />
      <PageHeader title={t("brands.title")} />
    </>
  );
}
