import { LegalPage } from "~/components/legal-page";
import { LegalNotice as LegalNoticeText } from "~/content/legal/legal-notice";

export default function LegalNotice() {
  return (
    <LegalPage page="legal">
      <LegalNoticeText />
    </LegalPage>
  );
}
