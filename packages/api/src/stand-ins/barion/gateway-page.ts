import { escapeHtml } from '../../html-escape';
import type { FinalStatus, StoredPayment } from './state';
import { groupCardNumber, type ProcessResult, TEST_CARDS } from './test-cards';

/**
 * The payer's side of the stand-in: a small Hungarian page in place of secure.barion.com/Pay.
 * Plain HTML forms and no script at all, because the shop serves it under
 * `Content-Security-Policy: script-src 'self'` (inline styles are allowed).
 */

const NBSP = '\u00a0';

/** The shop's price format: 12 990 Ft, with no-break spaces so an amount never wraps. */
export function formatAmount(amount: number, currency: string): string {
  if (currency !== 'HUF') return `${amount.toFixed(2)}${NBSP}${currency}`;
  return `${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)}${NBSP}Ft`;
}

const CARD_LABELS: Record<ProcessResult, string> = {
  Successful: 'sikeres fizetés',
  ProblemWithCard: 'probléma a kártyával',
  LowFunds: 'nincs elég fedezet',
  LostOrStolenCard: 'elveszett vagy lopott kártya',
  Declined: 'elutasított tranzakció',
};

const FINAL_NOTICES: Record<FinalStatus, { title: string; text: string }> = {
  Succeeded: { title: 'Sikeres fizetés', text: 'A fizetés sikerült, a bolt megkapta az értesítést.' },
  Canceled: { title: 'A fizetés megszakítva', text: 'A fizetést megszakította, terhelés nem történt.' },
  Expired: { title: 'A fizetés ideje lejárt', text: 'A fizetésre szánt idő letelt, terhelés nem történt.' },
};

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2129;line-height:1.45}
  .test-banner{background:#ffd43b;color:#3d2c00;font-weight:700;text-align:center;padding:.6rem 1rem}
  main{max-width:32rem;margin:0 auto;padding:1.25rem 1rem 2rem}
  section{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12);margin-bottom:1rem}
  h1{font-size:1.35rem;margin:0 0 .75rem}
  .amount{font-size:1.75rem;font-weight:700;margin:.25rem 0 0}
  ul{list-style:none;padding:0;margin:0}
  li{display:flex;justify-content:space-between;gap:1rem;padding:.35rem 0;border-bottom:1px solid #e7e9ee}
  li:last-child{border-bottom:0}
  label{display:block;font-weight:600;margin-bottom:.35rem}
  input{width:100%;font-size:1.1rem;padding:.65rem .75rem;border:1px solid #9aa1ad;border-radius:.5rem}
  .hint{font-size:.9rem;color:#4a5260;margin:.5rem 0 1rem}
  .error{background:#fdecea;color:#8a1c12;border-radius:.5rem;padding:.75rem;margin-bottom:1rem}
  .actions{display:flex;flex-wrap:wrap;gap:.75rem}
  button,.back{flex:1 1 9rem;font-size:1rem;font-weight:600;padding:.75rem 1rem;border-radius:.5rem;border:1px solid #1a5fb4;text-align:center;text-decoration:none;cursor:pointer}
  .pay,.back{background:#1a5fb4;color:#fff}
  .secondary{background:#fff;color:#1a5fb4}
  .quiet{border-color:#9aa1ad;color:#4a5260;background:transparent}
`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="hu">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Barion tesztfizetés</title>
<style>${STYLE}</style>
</head>
<body>
<div class="test-banner" role="note">TESZTFIZETÉS – valódi terhelés nem történik</div>
<main>
${content}
</main>
</body>
</html>`;
}

function orderSummary(payment: StoredPayment): string {
  const { Currency, OrderNumber, PaymentRequestId } = payment.request;
  const items = payment.transactions
    .filter((transaction) => transaction.type === 'CardPayment')
    .flatMap((transaction) => transaction.items)
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.Name)} × ${item.Quantity} ${escapeHtml(item.Unit)}</span>` +
        `<span>${formatAmount(item.ItemTotal, Currency)}</span></li>`,
    )
    .join('\n');
  const total = payment.transactions
    .filter((transaction) => transaction.type === 'CardPayment')
    .reduce((sum, transaction) => sum + transaction.total, 0);
  return `<section aria-labelledby="summary-title">
<h1 id="summary-title">Fizetendő</h1>
<p>Rendelés: ${escapeHtml(OrderNumber ?? PaymentRequestId)}</p>
<p class="amount">${formatAmount(total, Currency)}</p>
</section>
<section aria-label="Tételek">
<ul>
${items}
</ul>
</section>`;
}

export function declineMessage(result: ProcessResult): string {
  return `A kártyát a bank elutasította (${CARD_LABELS[result]}). Próbálja újra másik kártyával, vagy válassza a „Mégse” gombot.`;
}

/** The card form; `error` is shown above it after a declined card or an empty number. */
export function renderGatewayPage(payment: StoredPayment, formAction: string, error?: string): string {
  const testCards = TEST_CARDS.map(
    (card) => `${groupCardNumber(card.number)} (${CARD_LABELS[card.result]})`,
  ).join(', ');
  const errorBlock = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : '';
  return layout(
    'Kártyás fizetés',
    `${orderSummary(payment)}
<section aria-labelledby="card-title">
<h1 id="card-title">Bankkártyás fizetés</h1>
${errorBlock}<form method="post" action="${escapeHtml(formAction)}">
<input type="hidden" name="id" value="${escapeHtml(payment.id)}">
<label for="card-number">Kártyaszám</label>
<input id="card-number" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" required aria-describedby="card-hint">
<p class="hint" id="card-hint">Tesztkártyák: ${testCards}. Bármely más szám elutasítást ad. Lejárati dátum és CVC nem kell.</p>
<div class="actions">
<button class="pay" type="submit" name="button" value="pay">Fizetés</button>
<button class="secondary" type="submit" name="button" value="cancel" formnovalidate>Mégse</button>
<button class="quiet" type="submit" name="button" value="expire" formnovalidate>Lejárat szimulálása</button>
</div>
</form>
</section>`,
  );
}

/** What a payer sees of a payment that is over: no form, only the outcome and the way back. */
export function renderNoticePage(payment: StoredPayment, status: FinalStatus): string {
  const notice = FINAL_NOTICES[status];
  return layout(
    notice.title,
    `<section>
<h1>${escapeHtml(notice.title)}</h1>
<p>${escapeHtml(notice.text)}</p>
<div class="actions"><a class="back" href="${escapeHtml(payment.redirectUrl)}">Vissza a webáruházba</a></div>
</section>`,
  );
}

export function renderMissingPaymentPage(): string {
  return layout(
    'Ismeretlen fizetés',
    `<section>
<h1>Ismeretlen fizetés</h1>
<p>Ilyen azonosítójú fizetés nincs. Indítsa újra a fizetést a webáruházból.</p>
</section>`,
  );
}
