import { COMPANY as C } from '../company';
import type { PageSeed } from './pages';

/**
 * The accessibility statement the European Accessibility Act asks of an online shop (in Hungary the
 * 2022. évi XVII. törvény): how the shop meets WCAG 2.1 AA (EN 301 549), what it knows it does not yet
 * meet, and how to ask for help or complain. It says only what the shop does and what its tests check
 * (README.md, "Accessibility"); the owner edits it under Tartalom → Oldalak like the other legal pages.
 */
export const ACCESSIBILITY_STATEMENT: PageSeed = {
  slug: 'akadalymentessegi-nyilatkozat',
  title: 'Akadálymentességi nyilatkozat',
  metaDescription:
    'Hogyan használható webáruházunk billentyűzettel, képernyőolvasóval és nagyítással, mit nem teljesít még, és hogyan kérhet segítséget.',
  body:
    `<p>A ${C.name} azon dolgozik, hogy webáruháza mindenki számára használható legyen, fogyatékossággal élők számára is. Ez a nyilatkozat a webáruház vásárlói oldalaira vonatkozik: a termékek böngészésére és keresésére, a kosárra, a megrendelésre és a fizetésre, a fiókra és a rendelések követésére, valamint a kapcsolatfelvételi és ajánlatkérő űrlapokra.</p>` +
    '<h2>Milyen követelménynek felel meg?</h2>' +
    '<p>Célunk a Webes Tartalom Akadálymentesítési Irányelvek (WCAG) 2.1-es változatának „AA” szintje, amelyet az EN 301 549 szabvány és a termékekre és szolgáltatásokra vonatkozó akadálymentességi követelményekről szóló 2022. évi XVII. törvény is megkövetel.</p>' +
    '<ul>' +
    '<li><strong>Billentyűzet:</strong> minden oldal első eleme az „Ugrás a tartalomra” hivatkozás; a termékek kosárba tétele és a megrendelés billentyűzettel is elvégezhető, a kiválasztott elemet látható keret jelzi.</li>' +
    '<li><strong>Képernyőolvasó:</strong> az oldalak címsorokkal és tájékozódási pontokkal (fejléc, fő tartalom, lábléc) tagoltak, az űrlapmezőknek felirata van, a hibaüzenet a hibás mezőhöz kapcsolódik, a termékképeknek szöveges leírása van.</li>' +
    '<li><strong>Olvashatóság:</strong> a szövegek színei legalább 4,5:1 kontrasztot adnak a hátterükkel, és az oldalak telefonon is vízszintes görgetés nélkül olvashatók.</li>' +
    '<li><strong>Ellenőrzés:</strong> a webáruház minden új változatát kiadás előtt automatikusan ellenőrizzük (axe-core-ral, a WCAG 2.1 szabályai szerint az AA szintig) minden vásárlói oldalon, telefonos és asztali szélességben, a kosár, a pénztár, a hibaüzenetek, a menük és a sütibeállítások állapotaiban is. Súlyos vagy kritikus hibával nem adunk ki új változatot.</li>' +
    '</ul>' +
    '<h2>Amit még nem teljesít teljesen</h2>' +
    '<ul>' +
    '<li>Az automatikus ellenőrzés nem pótolja a teljes, billentyűzettel és képernyőolvasóval végigjárt vásárlást. A billentyűzetes használat egyes pontjain még javítunk: a felső menü alkategóriáinál, és ahol egy művelet (kosárba tétel, a sütibeállítás mentése, a pénztár következő lépése) után a fókusz az oldal elejére kerül. A 200%-os nagyítást még nem vizsgáltuk minden oldalon. Ha valamelyik lépésnél elakad, kérjük, jelezze, és segítünk.</li>' +
    '<li>A termékleírások és a blogbejegyzések képeinek leírását munkatársaink írják; egy-egy régebbi képnél hiányozhat. Ha ilyet talál, jelezze, és pótoljuk.</li>' +
    '<li>A letölthető PDF-katalógusok nem akadálymentes dokumentumok. Tartalmuk a webáruház termékoldalain akadálymentesen is elérhető; kérésre szívesen segítünk a kiválasztásban.</li>' +
    '<li>A bankkártyás fizetés a Barion oldalán történik, amelynek akadálymentességéért a Barion felel. Ha ott elakad, választhat utánvétes vagy átutalásos fizetést is.</li>' +
    '</ul>' +
    '<h2>Segítség és visszajelzés</h2>' +
    `<p>Ha a webáruház valamely részét nem tudja használni, vagy más formában (például telefonon vagy e-mailben) szeretne rendelni vagy tájékoztatást kapni, keressen minket: e-mail: ${C.email}, telefon: ${C.phone} (${C.phoneHours}). Megrendelését telefonon vagy e-mailben is felvesszük. Visszajelzésére legfeljebb 15 napon belül válaszolunk.</p>` +
    '<h2>Panasz</h2>' +
    '<p>Ha válaszunkkal nem elégedett, vagy úgy látja, hogy webáruházunk nem felel meg az akadálymentességi követelményeknek, panaszt tehet a fogyasztóvédelmi hatóságnál (a lakóhelye szerinti vármegyei kormányhivatalnál, illetve Budapesten a Budapest Főváros Kormányhivatalánál).</p>' +
    '<h2>A nyilatkozat kelte</h2>' +
    '<p>A nyilatkozatot a webáruház indulásakor készítettük, és minden jelentős változás után felülvizsgáljuk.</p>',
};
