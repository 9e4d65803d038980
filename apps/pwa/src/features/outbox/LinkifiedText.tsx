import { splitTextLinks } from '@simvisit/schema';

/** Plain text with this site's own links made clickable; nothing in it is ever treated as HTML. */
export function LinkifiedText({ text }: { text: string }) {
  const segments = splitTextLinks(text, window.location.origin);
  return (
    <p className="text-sm leading-6 break-words whitespace-pre-wrap text-slate-700">
      {segments.map((segment, index) =>
        segment.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are derived from immutable text, their order is their identity
          <a key={index} href={segment.href} className="font-medium break-all text-brand-700 underline hover:no-underline">
            {segment.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
