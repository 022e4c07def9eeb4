import { siteConfig } from "~/config/site";

/** The page's title ("Page | Company") and description, hoisted into <head> by React. */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <title>{`${title} | ${siteConfig.name}`}</title>
      {description ? <meta name="description" content={description} /> : null}
    </>
  );
}
