import { describe, expect, it, vi } from 'vitest';
import { renderPdf, sha256Hex } from '../src/platform/pdf';
import { pdfText } from './support/pdf-text';

/* The PDF renderer of platform/pdf (decision 0071): text only, standard fonts, deterministic, never fetches. */
describe('renderPdf', () => {
  const spec = (name: string, rows = 3) => ({
    title: `Agreement for ${name}`,
    createdAt: new Date('2026-11-28T10:00:00Z'),
    blocks: [
      { kind: 'fields' as const, rows: [['Company', name] as [string, string]] },
      {
        kind: 'table' as const,
        columns: ['Scenario', 'Sessions'],
        widths: [4, 1],
        numeric: [false, true],
        rows: Array.from({ length: rows }, (_, i) => [`Scenario ${i}`, String(i)]),
      },
    ],
  });

  it('prints characters the standard fonts lack as ? and control characters as spaces, without failing', async () => {
    const { text } = await pdfText(await renderPdf(spec('Café 東京 🚑\u0007Clinic')));
    expect(text).toContain('Café ?? ? Clinic');
  });

  it('wraps a long word, flows onto more pages, and gives the same bytes for the same input', async () => {
    const long = `http://169.254.169.254/${'a'.repeat(300)}`;
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const one = await renderPdf(spec(long, 120));
    const two = await renderPdf(spec(long, 120));
    expect(sha256Hex(one)).toBe(sha256Hex(two));
    const { pages, text } = await pdfText(one);
    expect(pages).toBeGreaterThan(1);
    expect(text.replace(/\n/g, '')).toContain(long);
    expect(text).toContain('Scenario 119');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    expect(sha256Hex(await renderPdf(spec('Other')))).not.toBe(sha256Hex(one));
  });
});
