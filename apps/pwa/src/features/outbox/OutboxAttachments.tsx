import type { OutboxAttachment } from '@simvisit/schema';

/** Saves an attachment's text as a file (the .ics invites open in the calendar app). */
function download(attachment: OutboxAttachment) {
  const url = URL.createObjectURL(new Blob([attachment.content], { type: attachment.content_type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = attachment.filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The files of a mail (calendar invites): name, type, a download and the text itself on demand. */
export function OutboxAttachments({ attachments }: { attachments: OutboxAttachment[] }) {
  if (!attachments.length) return null;
  return (
    <ul className="space-y-2" aria-label="Attachments">
      {attachments.map((attachment, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a stored message's attachments never change order
        <li key={index} className="rounded-lg border border-slate-200 p-3">
          <details>
            <summary className="cursor-pointer text-sm">
              <span className="font-medium text-slate-900">{attachment.filename}</span>{' '}
              <span className="text-slate-500">({attachment.content_type})</span>
            </summary>
            <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap text-slate-700">
              {attachment.content}
            </pre>
          </details>
          <button
            type="button"
            className="mt-2 text-sm font-medium text-brand-700 underline hover:no-underline"
            onClick={() => download(attachment)}
          >
            Download {attachment.filename}
          </button>
        </li>
      ))}
    </ul>
  );
}
