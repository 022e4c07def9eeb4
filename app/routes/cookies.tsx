import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { useLocale } from "~/lib/use-locale";

export default function Cookies() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta
        title={t("legal.cookies.meta.title")}
        description={t("legal.cookies.meta.description")}
      />
      <PageHeader title={t("legal.cookies.meta.title")} />
    </>
  );
}
