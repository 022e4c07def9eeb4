/** JSON in a script element, escaped so that no text (a visitor's included) can close it. */
export function JsonScript({
  type,
  id,
  data,
}: {
  type: "application/json" | "application/ld+json";
  id?: string;
  data: unknown;
}) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type={type} id={id} dangerouslySetInnerHTML={{ __html: json }} />;
}
