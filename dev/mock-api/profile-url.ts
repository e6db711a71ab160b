// Which URLs are profile URLs, and the slug that identifies the profile behind them.

const PROFILE_URL = /^https?:\/\/(?:[a-z0-9-]+\.)*network\.com\/in\/((?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+)\/?(?:\?.*)?$/i;

/**
 * The normalised slug (percent-decoded, lower case) of a profile URL on network.com or any of its subdomains, or
 * null when the text is not one. Scheme, `www.`/country subdomain, trailing slash, query and case do not matter.
 */
export function profileSlug(url: string): string | null {
  const match = PROFILE_URL.exec(url);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null; // percent-encoding of invalid UTF-8
  }
  // Encoded characters must still be letters, digits, '-' or '_' (no %2F smuggling a path in).
  return /^[\p{L}\p{N}_-]+$/u.test(slug) ? slug.toLowerCase() : null;
}
