import { escapeHtml } from '../../html-escape';
import { hungarianArticle } from '../../schemas/hungarian';

/** What the stand-in knows of a parcel's journey, as `GET /api/tracking/{barcode}` answers it. */
export type TrackingAnswer = {
  clFox: string;
  sendType: string;
  traces: { statusDate: string; status: string; shortName: string; longName: string }[];
};

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2129;line-height:1.45}
  .test-banner{background:#ffd43b;color:#3d2c00;font-weight:700;text-align:center;padding:.6rem 1rem}
  main{max-width:32rem;margin:0 auto;padding:1.25rem 1rem 2rem}
  section{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  h1{font-size:1.35rem;margin:0 0 .75rem}
  ol{padding-left:1.2rem;margin:.5rem 0 0}
  .muted{color:#5c6370;font-size:.9rem}
`;

function budapestTime(iso: string): string {
  return new Intl.DateTimeFormat('hu-HU', {
    timeZone: 'Europe/Budapest',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/**
 * The stand-in's "Csomagkövetés" page in place of foxpost.hu/csomagkovetes: the shop's shipping
 * e-mail links here while no Foxpost account is saved. Plain HTML, no script (the shop's CSP).
 */
export function renderTrackingPage(code: string, parcel: TrackingAnswer | null): string {
  const body = parcel
    ? `<h1>Csomag: ${escapeHtml(parcel.clFox)}</h1>
      <p class="muted">${parcel.sendType === 'APM' ? 'Csomagautomatába' : 'Házhozszállítással'}</p>
      <ol>${parcel.traces
        .map(
          (trace) =>
            `<li><strong>${escapeHtml(trace.shortName)}</strong> – ${escapeHtml(budapestTime(trace.statusDate))}<br><span class="muted">${escapeHtml(trace.longName)}</span></li>`,
        )
        .join('')}</ol>`
    : `<h1>Nincs ilyen csomag</h1><p>${code ? `${hungarianArticle(code, { capital: true })} <strong>${escapeHtml(code)}</strong> számú csomagot nem találjuk.` : 'Add meg a csomag számát.'}</p>`;
  return `<!doctype html>
<html lang="hu"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Csomagkövetés – Foxpost (teszt)</title><style>${STYLE}</style></head>
<body><div class="test-banner">Foxpost-helyettesítő: tesztcsomag, valódi szállítás nincs</div>
<main><section>${body}</section></main></body></html>`;
}
