import type { Prisma } from '@shop/db';
import type { TQuote } from '../../schemas';
import { formatForint } from '../email/format';
import { enqueueTemplatedEmail } from '../email/outbox';
import { escapeHtml, type TrustedHtml } from '../email/render';

export const QUOTE_SENT_TEMPLATE = 'quote_sent';

function linesTable(quote: TQuote): TrustedHtml {
  const numberCell = 'style="text-align:right"';
  const rows = quote.lines.map(
    (line) =>
      `<tr><td>${escapeHtml(line.title)}</td><td ${numberCell}>${line.quantity}</td>` +
      `<td ${numberCell}>${formatForint(line.unitPrice)}</td><td ${numberCell}>${formatForint(line.lineTotal)}</td></tr>`,
  );
  return {
    html:
      '<table><tr><th>Termék</th><th>Mennyiség</th><th>Ár / db</th><th>Összesen</th></tr>' +
      `${rows.join('')}</table>`,
    text: quote.lines
      .map(
        (line) =>
          `${line.title}: ${line.quantity} × ${formatForint(line.unitPrice)} = ${formatForint(line.lineTotal)}`,
      )
      .join('\n'),
  };
}

/** "2026. 12. 31." from `2026-12-31`. */
function hungarianDate(day: string): string {
  return `${day.replaceAll('-', '. ')}.`;
}

/** The customer's copy of the quote with the link that fills their cart, queued in the sending transaction. */
export async function enqueueQuoteEmail(
  tx: Prisma.TransactionClient,
  { quote, name, link }: { quote: TQuote; name: string; link: string },
): Promise<void> {
  const note = quote.note
    ? {
        html: `<p><strong>Megjegyzés:</strong> ${escapeHtml(quote.note)}</p>`,
        text: `Megjegyzés: ${quote.note}`,
      }
    : { html: '', text: '' };
  await enqueueTemplatedEmail(tx, {
    templateKey: QUOTE_SENT_TEMPLATE,
    to: quote.email,
    variables: {
      name,
      quoteLines: linesTable(quote),
      quoteTotal: formatForint(quote.total),
      quoteValidUntil: hungarianDate(quote.validUntil),
      quoteNote: note,
      quoteLink: link,
    },
  });
}
