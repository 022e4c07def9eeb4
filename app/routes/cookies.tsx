import { LegalPage } from "~/components/legal-page";
import { CookiePolicy } from "~/content/legal/cookie-policy";

export default function Cookies() {
  return (
    <LegalPage page="cookies">
      <CookiePolicy />
    </LegalPage>
  );
}
