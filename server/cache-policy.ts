/** How long browsers may keep a built file: hashed assets forever, pages must revalidate. */
export function cacheControl(url: string, isPage: boolean): string {
  if (url.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (isPage) return "no-cache";
  return "public, max-age=86400";
}
