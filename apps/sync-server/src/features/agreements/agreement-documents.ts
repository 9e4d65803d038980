import { centsToAmount } from '@simvisit/schema';
import type { PdfDocumentSpec } from '../../platform/pdf';
import type { AgreementRow, InvoiceJoinedRow } from './agreements.repository';

/** What the documents print, gathered by the service (the product's name comes from the configuration). */
export interface AgreementDocumentInput {
  productName: string;
  agreement: AgreementRow;
  scenarios: { scenario_id: string; title: string | null; scenario_count_invoice: number }[];
  /** true: the signed copy with the signer and the signing time */
  signed: boolean;
}

const usd = (cents: number) => `$${centsToAmount(cents)}`;
const day = (d: unknown) => (d ? new Date(d as string).toISOString().slice(0, 10) : '');
const utc = (d: unknown) => (d ? `${new Date(d as string).toISOString().replace('T', ' ').slice(0, 19)} UTC` : '');

/** The day `months` months after a 'YYYY-MM-DD' day (the end clamped to the month's last day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

function party(a: AgreementRow): [string, string][] {
  const place = [a.city, a.state_short_name, a.zip].filter(Boolean).join(', ');
  return [
    ['Company', a.company_name ?? ''],
    ['Requested by', `${a.first_name} ${a.last_name}${a.job_title ? `, ${a.job_title}` : ''}`],
    ['Email', a.email],
    ['Address', [a.address_1, a.address_2, place].filter(Boolean).join(', ')],
  ];
}

/**
 * The agreement's terms (spec 002 §2.19): the parties, the scenarios and sessions, rate, duration, start date and
 * amounts. Its date is the approval time, so the unsigned copy is the same bytes every time it is shown; that is
 * what the signer's SHA-256 is taken of.
 */
export function agreementDocument({ productName, agreement: a, scenarios, signed }: AgreementDocumentInput): PdfDocumentSpec {
  const start = a.target_start_date ? day(a.target_start_date) : '';
  const blocks: PdfDocumentSpec['blocks'] = [
    { kind: 'paragraph', text: `Agreement number ${a.id}. Brand: ${a.title ?? ''} (${a.slug ?? ''}).` },
    { kind: 'heading', text: 'Parties' },
    { kind: 'fields', rows: [['Provider', productName]] },
    { kind: 'fields', rows: party(a) },
    { kind: 'heading', text: 'Scenarios' },
    {
      kind: 'table',
      columns: ['Scenario', 'Sessions', 'Session rate', 'Amount'],
      widths: [5, 1.4, 1.6, 1.8],
      numeric: [false, true, true, true],
      rows: scenarios.map((s) => [
        s.title ?? s.scenario_id,
        String(s.scenario_count_invoice),
        usd(a.session_rate_cents),
        usd(s.scenario_count_invoice * a.session_rate_cents),
      ]),
    },
    { kind: 'heading', text: 'Terms' },
    {
      kind: 'fields',
      rows: [
        ['Number of sessions', String(a.number_of_sessions)],
        ['Session rate', usd(a.session_rate_cents)],
        ['Agreement duration', `${a.agreement_duration ?? 0} months`],
        ['Start date', start],
        ['End date', start && a.agreement_duration ? addMonths(start, a.agreement_duration) : ''],
        ['Amount', usd(a.payment_amount_cents)],
        ['Processing fee', usd(a.processing_fee_cents)],
        ['Total', usd(a.total_amount_cents)],
      ],
    },
    {
      kind: 'paragraph',
      text: `${a.company_name ?? 'The company'} buys the sessions above for use by its learners at its own brand of ${productName} during the agreement's duration, and pays the total before the brand opens.`,
    },
  ];
  if (signed) {
    blocks.push(
      { kind: 'heading', text: 'Signature' },
      {
        kind: 'fields',
        rows: [
          ['Signed by', `${a.signer_first_name ?? ''} ${a.signer_last_name ?? ''}`],
          ['Signed at', utc(a.agreement_signed_at)],
          ['Document SHA-256', a.agreement_pdf_sha256 ?? ''],
        ],
      },
    );
  }
  return {
    title: `${productName} Agreement: ${a.title ?? ''}`,
    createdAt: new Date((signed ? a.agreement_signed_at : a.approved_at) ?? a.created_at),
    blocks,
  };
}

/** The numbered invoice (spec 002 §2.20): to the billing contact when one was given, else the requester. */
export function invoiceDocument(productName: string, inv: InvoiceJoinedRow): PdfDocumentSpec {
  const billing = inv.billing_contact as { name?: string; email?: string; address_1?: string; city?: string; zip?: string } | null;
  const billTo: [string, string][] = billing?.name
    ? [
        ['Bill to', billing.name],
        ['Email', billing.email ?? ''],
        ['Address', [billing.address_1, billing.city, billing.zip].filter(Boolean).join(', ')],
      ]
    : [
        ['Bill to', `${inv.first_name} ${inv.last_name}`],
        ['Email', inv.email],
        ['Address', [inv.address_1, inv.address_2, inv.city, inv.state_short_name, inv.zip].filter(Boolean).join(', ')],
      ];
  return {
    title: `${productName} Invoice ${inv.number}`,
    createdAt: new Date(inv.requested_at),
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Invoice number', inv.number],
          ['Date', day(inv.requested_at)],
          ['Company', inv.company_name ?? ''],
          ['Agreement', `${inv.quote_id}: ${inv.title ?? ''}`],
        ],
      },
      { kind: 'fields', rows: billTo },
      { kind: 'heading', text: 'Amount due' },
      { kind: 'fields', rows: [['Total', usd(inv.amount_cents)]] },
      { kind: 'paragraph', text: inv.paid_at ? `Paid on ${day(inv.paid_at)}.` : 'Payment is due before the brand opens.' },
    ],
  };
}
