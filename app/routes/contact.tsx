import { PageHeader } from "~/components/page-header";
import { PageMeta } from "~/components/page-meta";
import { useLocale } from "~/lib/use-locale";

export default function Contact() {
  const { t } = useLocale();
  return (
    <>
      <PageMeta title={t("contact.meta.title")} description={t("contact.meta.description")} />
      <PageHeader title={t("contact.title")} />
    </>
  );
}
