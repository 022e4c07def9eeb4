import { LegalPage } from "#app/components/legal-page.tsx";
import { cookiePolicy } from "#app/content/legal/cookie-policy.tsx";

export default function Cookies() {
  return <LegalPage page="cookies" versions={cookiePolicy} />;
}
