/** The encodings the PWA build writes next to its text files (apps/pwa/vite-precompress.ts), best first. */
export const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

export type Precompressed = (typeof PRECOMPRESSED)[number];

/**
 * The weight an `Accept-Encoding` header gives each coding (RFC 9110 §12.5.3): `br;q=0.5` → 0.5, a coding named
 * without q → 1, a q that is not a number in 0–1 → 0 (refused rather than guessed). Names are case-insensitive.
 */
function weights(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() !== 'q') continue;
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    result.set(name.toLowerCase(), q);
  }
  return result;
}

/**
 * The precompressed variants the request accepts, best first: the highest q wins, brotli before gzip when they tie
 * (it is smaller). A coding the header does not name is taken at the weight of `*`, if any; q=0 refuses it. The
 * raw file (identity) is always the caller's fallback, so a client that refuses everything still gets an answer.
 */
export function acceptedEncodings(header: string | undefined): Precompressed[] {
  if (!header) return [];
  const q = weights(header);
  const weightOf = (coding: string) => q.get(coding) ?? (coding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  return PRECOMPRESSED.map((variant, rank) => ({ variant, rank, weight: weightOf(variant.coding) }))
    .filter((v) => v.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.rank - b.rank)
    .map((v) => v.variant);
}
