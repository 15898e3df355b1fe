import type { Prisma } from '../generated/prisma/client';
import { COMPANY } from './company';
import type { SeedContext } from './seed-context';

/*
 * Placeholder syntax: `{{name}}` is replaced by the value of `name` when the
 * e-mail is composed; the values are plain text and are HTML-escaped on
 * insertion. An article right before a placeholder ("A {{orderNumber}}") is
 * turned into "a" or "az" to suit the value. Placeholders per template:
 *   registration         {{firstName}} {{lastName}} {{email}} {{shopUrl}}
 *   password_reset       {{firstName}} {{resetLink}}
 *   staff_invite         {{firstName}} {{resetLink}} {{expiresInHours}} (a new staff member sets a password)
 *   order_confirmation   {{firstName}} {{lastName}} {{orderNumber}} {{orderDate}} {{orderTotal}} {{vatContent}}
 *                        {{shippingMethod}} {{paymentMethod}} {{deliveryTime}} {{orderLink}} {{shopUrl}}, and the
 *                        shop-built HTML blocks {{orderLines}} {{orderTotals}} {{orderAddresses}} {{paymentInstructions}}
 *   order_status_change  {{firstName}} {{orderNumber}} {{status}}
 *   payment_succeeded    {{firstName}} {{orderNumber}} {{orderTotal}}
 *   refund_issued        {{firstName}} {{orderNumber}} {{orderTotal}} {{refundAmount}} {{refundedTotal}} {{refundMethod}}
 *   withdrawal_receipt   {{firstName}} {{name}} {{email}} {{orderNumber}} {{orderDate}} {{withdrawalDate}}
 *                        {{withdrawalReason}} {{refundDeadline}} {{shopUrl}}, and the HTML block {{withdrawalLines}}
 *   order_processing, order_packed, order_shipped, order_ready_for_pickup, order_completed,
 *   order_cancelled, order_payment_failed (one per status, sent at most once per order and status)
 *                        {{firstName}} {{lastName}} {{orderNumber}} {{orderDate}} {{orderTotal}} {{status}}
 *                        {{shippingMethod}} {{paymentMethod}} and the HTML block {{statusNote}} (the note
 *                        written with the change, empty without one); order_shipped also
 *                        {{trackingNumber}} and the HTML block {{trackingInfo}} (empty without a number)
 *   order_tracking_changed  {{firstName}} {{lastName}} {{orderNumber}} {{shippingMethod}} {{trackingNumber}}
 *                        (all the order's numbers) {{trackingUrl}} and the HTML block {{trackingInfo}}; sent when
 *                        a number is added or corrected after order_shipped went out
 *   contact_message      {{name}} {{email}} {{phone}} {{subject}} {{message}}          (to the shop)
 *   offer_request        {{name}} {{email}} {{phone}} {{companyName}} {{taxNumber}} {{companyAddress}}
 *                        {{message}} and the HTML list {{offerLines}}                 (to the shop)
 *   contact_received     {{name}} {{subject}} {{message}} {{shopUrl}}                  (to the sender)
 *   offer_received       {{name}} {{companyName}} {{message}} {{shopUrl}} and {{offerLines}} (to the sender)
 *   quote_sent           {{name}} {{quoteTotal}} {{quoteValidUntil}} {{quoteLink}} and the HTML blocks
 *                        {{quoteLines}} {{quoteNote}} (empty without a note)              (to the customer)
 *   back_in_stock        {{productName}} {{productPrice}} {{productLink}} {{shopUrl}}  (to whoever asked, once)
 *   email_changed        {{firstName}} {{previousEmail}} {{email}} {{changedAt}} {{shopUrl}} (to the old address;
 *                        no link into the account: whoever changed the address may read the new mailbox)
 *   review_request       {{firstName}} {{orderNumber}} {{orderDate}} {{reviewLink}} {{reviewOptOutLink}} {{shopUrl}}
 *                        and {{reviewProducts}} (to the buyer, once, some days after the order is completed)
 *   newsletter_confirmation {{email}} {{confirmLink}} {{shopUrl}} (to whoever signed up for the newsletter;
 *                        the consent counts only after the click)
 *   abandoned_cart       {{firstName}} {{cartProducts}} {{restoreLink}} {{shopUrl}} (once per left cart, only to
 *                        a confirmed newsletter subscriber; the unsubscribe footer is added when sent)
 */
export const EMAIL_TEMPLATES = [
  {
    key: 'registration',
    name: 'Sikeres regisztráció',
    subject: `Üdvözlünk a ${COMPANY.shopName} vásárlói között!`,
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      `<p>Köszönjük, hogy regisztráltál a ${COMPANY.shopName} oldalán. Fiókodat a {{email}} címmel hoztuk létre.</p>` +
      '<p>Bejelentkezés után elmentheted a címeidet, követheted a rendeléseidet, és a kedvenc termékeidet a bevásárlólistádra teheted.</p>' +
      '<p><a href="{{shopUrl}}">Irány a webáruház!</a></p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'password_reset',
    name: 'Új jelszó kérése',
    subject: 'Új jelszó beállítása',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>Új jelszó beállítását kérted a fiókodhoz. Az alábbi linkre kattintva adhatod meg az új jelszavadat:</p>' +
      '<p><a href="{{resetLink}}">Új jelszó beállítása</a></p>' +
      '<p>A link korlátozott ideig érvényes, és csak egyszer használható. Ha nem te kérted, hagyd figyelmen kívül ezt a levelet: a jelszavad nem változik.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'staff_invite',
    name: 'Meghívó munkatársnak',
    subject: `Meghívó a ${COMPANY.shopName} adminjába`,
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      `<p>Munkatársként meghívtunk a ${COMPANY.shopName} webáruház adminfelületére. Az alábbi linken beállíthatod a jelszavadat, utána ezzel az e-mail-címmel léphetsz be:</p>` +
      '<p><a href="{{resetLink}}">Jelszó beállítása</a></p>' +
      '<p>A link {{expiresInHours}} óráig érvényes, és csak egyszer használható. Ha lejárt, kérj új jelszót a belépési oldalon, vagy szólj a bolt tulajdonosának.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_confirmation',
    name: 'Rendelés visszaigazolása',
    subject: 'Megkaptuk a rendelésedet ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>Köszönjük a rendelésedet! Ez a levél a rendelésed beérkezését igazolja vissza.</p>' +
      '<p>Rendelésszám: <strong>{{orderNumber}}</strong><br>A rendelés ideje: {{orderDate}}</p>' +
      '{{orderLines}}' +
      '{{orderTotals}}' +
      '<p>Szállítási mód: {{shippingMethod}} (várható szállítási idő: {{deliveryTime}})<br>Fizetési mód: {{paymentMethod}}</p>' +
      '{{paymentInstructions}}' +
      '{{orderAddresses}}' +
      '<p>A rendelésedet itt bármikor megnézheted: <a href="{{orderLink}}">{{orderLink}}</a></p>' +
      '<h3>Elállási jog</h3>' +
      '<p>Fogyasztóként a termék átvételétől számított 14 napon belül indoklás nélkül elállhatsz a szerződéstől ' +
      '(45/2014. (II. 26.) Korm. rendelet). Elállási szándékodat egyértelmű nyilatkozattal, például e-mailben ' +
      `(${COMPANY.email}) vagy az alábbi nyilatkozatmintával jelezheted. A terméket a nyilatkozattól számított 14 napon ` +
      'belül kell visszaküldened; a visszaküldés költsége téged terhel. A vételárat és a legolcsóbb szállítási mód díját ' +
      'a nyilatkozat kézhezvételétől számított 14 napon belül, az eredeti fizetési móddal térítjük vissza; a visszatérítést ' +
      'a termék visszaérkezéséig visszatarthatjuk.</p>' +
      '<p><strong>Elállási nyilatkozatminta</strong><br>(csak a szerződéstől való elállási szándék esetén töltse ki és juttassa vissza)<br>' +
      `Címzett: ${COMPANY.name}, ${COMPANY.address}, ${COMPANY.email}<br>` +
      'Alulírott kijelentem, hogy gyakorlom elállási jogomat az alábbi termék(ek) adásvételére irányuló szerződés tekintetében: …<br>' +
      'Szerződéskötés időpontja / átvétel időpontja: …<br>A fogyasztó neve: …<br>A fogyasztó címe: …<br>' +
      'A fogyasztó aláírása (kizárólag papíron tett nyilatkozat esetén): …<br>Kelt: …</p>' +
      '<h3>Szavatosság és jótállás</h3>' +
      '<p>Hibás teljesítés esetén kellékszavatossági, termékszavatossági, illetve – a jogszabályban meghatározott termékeknél – ' +
      'jótállási igényt érvényesíthetsz. A részleteket az Általános Szerződési Feltételek tartalmazzák: ' +
      '<a href="{{shopUrl}}/page/altalanos-szerzodesi-feltetelek">{{shopUrl}}/page/altalanos-szerzodesi-feltetelek</a>.</p>' +
      '<h3>Panaszkezelés</h3>' +
      `<p>Panaszodat e-mailben (${COMPANY.email}), telefonon (${COMPANY.phone}, ${COMPANY.phoneHours}) vagy postán ` +
      `(${COMPANY.address}) jelezheted. Vitás ügyben a lakóhelyed szerinti békéltető testülethez fordulhatsz.</p>` +
      `<p>Eladó: ${COMPANY.name}, székhely: ${COMPANY.address}, adószám: ${COMPANY.taxNumber}, ` +
      `cégjegyzékszám: ${COMPANY.registrationNumber} (${COMPANY.registrationCourt}), e-mail: ${COMPANY.email}, telefon: ${COMPANY.phone}.</p>` +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_status_change',
    name: 'Rendelés állapotának változása',
    subject: 'A {{orderNumber}} számú rendelésed állapota megváltozott',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésed új állapota: <strong>{{status}}</strong>.</p>' +
      '<p>Rendeléseidet a fiókodban, a Rendeléseim menüpontban is követheted.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'payment_succeeded',
    name: 'Sikeres bankkártyás fizetés',
    subject: 'Sikeres fizetés: {{orderNumber}}',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>Megkaptuk a <strong>{{orderNumber}}</strong> számú rendelésed bankkártyás fizetését ({{orderTotal}}). ' +
      'Rendelésedet hamarosan feldolgozzuk.</p>' +
      '<p>A rendelésed állapotát a visszaigazoló levélben kapott linken követheted.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_processing',
    name: 'Rendelés: feldolgozás alatt',
    subject: 'Feldolgozzuk a rendelésedet ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésed feldolgozását megkezdtük; hamarosan összekészítjük a csomagodat.</p>' +
      '{{statusNote}}' +
      '<p>A rendelésedet a visszaigazoló levelünkben kapott linken, regisztrált vásárlóként pedig a fiókod Rendeléseim menüpontjában is követheted.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_packed',
    name: 'Rendelés: csomagolva',
    subject: 'Becsomagoltuk a rendelésedet ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésed csomagja elkészült. Hamarosan átadjuk a ' +
      'szállítónak ({{shippingMethod}}), személyes átvételnél pedig átvehetővé tesszük.</p>' +
      '{{statusNote}}' +
      '<p>A rendelésedet a visszaigazoló levelünkben kapott linken, regisztrált vásárlóként pedig a fiókod Rendeléseim menüpontjában is követheted.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_shipped',
    name: 'Rendelés: átadva a futárnak',
    subject: 'Úton van a csomagod ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésedet átadtuk a szállítónak: {{shippingMethod}}.</p>' +
      '{{trackingInfo}}' +
      '<p>Fizetési mód: {{paymentMethod}}. Utánvétes fizetésnél a végösszeget ({{orderTotal}}) a csomag átvételekor kell kifizetned.</p>' +
      '{{statusNote}}' +
      '<p>A rendelésedet a visszaigazoló levelünkben kapott linken, regisztrált vásárlóként pedig a fiókod Rendeléseim menüpontjában is követheted.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_tracking_changed',
    name: 'Rendelés: módosult a csomagszám',
    subject: 'Módosult a csomagod követési száma ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésed csomagszámai megváltoztak. ' +
      'Kérjük, a korábbi levelünkben kapott adatok helyett ezeket használd a követéshez:</p>' +
      '{{trackingInfo}}' +
      '<p>Szállítási mód: {{shippingMethod}}.</p>' +
      '<p>A rendelésedet a visszaigazoló levelünkben kapott linken, regisztrált vásárlóként pedig a fiókod Rendeléseim menüpontjában is követheted.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_ready_for_pickup',
    name: 'Rendelés: átvehető',
    subject: 'Átveheted a rendelésedet ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésed átvehető. Átvételi mód: {{shippingMethod}}.</p>' +
      `<p>Személyes átvételnél a címünk: ${COMPANY.pickupAddress}, ${COMPANY.pickupHours}. ` +
      'Átvételkor kérjük, mondd meg a rendelésszámot.</p>' +
      '<p>Fizetési mód: {{paymentMethod}}, végösszeg: {{orderTotal}}.</p>' +
      '{{statusNote}}' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_completed',
    name: 'Rendelés: teljesítve',
    subject: 'Teljesítettük a rendelésedet ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésedet teljesítettük. Köszönjük, hogy nálunk vásároltál!</p>' +
      '{{statusNote}}' +
      '<h3>Elállási jog</h3>' +
      '<p>Fogyasztóként a termék átvételétől számított 14 napon belül indoklás nélkül elállhatsz a szerződéstől ' +
      '(45/2014. (II. 26.) Korm. rendelet). A legegyszerűbb, ha a rendelésed oldalán az <strong>„Elállás a szerződéstől”</strong> ' +
      'gombot használod: a rendelés oldalát a visszaigazoló levelünkben kapott linken, regisztrált vásárlóként pedig a fiókod ' +
      'Rendeléseim menüpontjában éred el. Az elállásról azonnal visszaigazoló e-mailt küldünk. ' +
      `Elállhatsz bármilyen más egyértelmű nyilatkozattal is, például e-mailben (${COMPANY.email}).</p>` +
      '<p>A terméket a nyilatkozattól számított 14 napon belül kell visszaküldened; a visszaküldés költsége téged terhel. ' +
      'A vételárat és a legolcsóbb szállítási mód díját a nyilatkozat kézhezvételétől számított 14 napon belül, az eredeti ' +
      'fizetési móddal térítjük vissza; a visszatérítést a termék visszaérkezéséig visszatarthatjuk.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_cancelled',
    name: 'Rendelés: törölve',
    subject: 'Töröltük a rendelésedet ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésedet töröltük.</p>' +
      '{{statusNote}}' +
      '<p>Ha a rendelés árát már kifizetted, a befizetett összeget visszatérítjük. ' +
      `Kérdéseddel keress minket: ${COMPANY.email}, ${COMPANY.phone} (${COMPANY.phoneHours}).</p>` +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'order_payment_failed',
    name: 'Rendelés: sikertelen fizetés',
    subject: 'Nem sikerült a fizetés ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésed bankkártyás fizetése nem sikerült, megszakadt vagy lejárt, ' +
      'ezért a termékeket már nem tartjuk félre neked.</p>' +
      '<p>A rendelésed oldalán újra fizethetsz bankkártyával, vagy választhatsz másik fizetési módot, amíg a termékek ' +
      'készleten vannak. A rendelés oldalát a visszaigazoló levelünkben kapott linken, regisztrált vásárlóként pedig a ' +
      'fiókod Rendeléseim menüpontjában éred el.</p>' +
      '{{statusNote}}' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'refund_issued',
    name: 'Visszatérítés a rendelésből',
    subject: 'Visszatérítés: {{orderNumber}}',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésedből <strong>{{refundAmount}}</strong> összeget ' +
      'térítettünk vissza {{refundMethod}}.</p>' +
      '<p>A rendelés végösszege {{orderTotal}}; ebből eddig összesen {{refundedTotal}} került visszatérítésre.</p>' +
      '<p>Bankkártyás fizetésnél a kártyádat kibocsátó bank általában néhány munkanapon belül írja jóvá az összeget.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'withdrawal_receipt',
    name: 'Elállási nyilatkozat visszaigazolása',
    subject: 'Megkaptuk az elállási nyilatkozatodat ({{orderNumber}})',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>Ezzel a levéllel igazoljuk, hogy <strong>{{withdrawalDate}}</strong> időpontban (budapesti idő szerint) ' +
      'megkaptuk az elállási nyilatkozatodat a <strong>{{orderNumber}}</strong> számú, {{orderDate}} időpontban ' +
      'leadott rendelésedre.</p>' +
      '<p><strong>A nyilatkozat tartalma:</strong><br>' +
      `Címzett: ${COMPANY.name}, ${COMPANY.address}, ${COMPANY.email}<br>` +
      'A fogyasztó neve: {{name}}<br>E-mail-cím: {{email}}<br>' +
      'Kijelentem, hogy gyakorlom elállási jogomat az alábbi termék(ek) adásvételére irányuló szerződés tekintetében:</p>' +
      '{{withdrawalLines}}' +
      '<p>Indoklás (nem kötelező): {{withdrawalReason}}</p>' +
      '<p><strong>Mi a teendőd?</strong> A terméke(ke)t a nyilatkozattól számított 14 napon belül küldd vissza ' +
      `a következő címre: ${COMPANY.name}, ${COMPANY.address}. A visszaküldés költsége téged terhel.</p>` +
      '<p>A vételárat és a legolcsóbb szállítási mód díját legkésőbb {{refundDeadline}} napjáig, az eredeti fizetési ' +
      'móddal térítjük vissza; a visszatérítést a termék visszaérkezéséig, vagy amíg igazolod a visszaküldést, ' +
      'visszatarthatjuk.</p>' +
      `<p>Kérdésed van? Írj nekünk: ${COMPANY.email}, vagy hívj: ${COMPANY.phone} (${COMPANY.phoneHours}).</p>` +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'contact_message',
    name: 'Új üzenet a kapcsolatfelvételi űrlapról',
    subject: 'Új üzenet érkezett: {{name}}',
    bodyHtml:
      '<p>Új üzenet érkezett a webáruház kapcsolatfelvételi űrlapjáról.</p>' +
      '<ul><li>Név: {{name}}</li><li>E-mail: {{email}}</li><li>Telefon: {{phone}}</li><li>Tárgy: {{subject}}</li></ul>' +
      '<p>Üzenet:</p><blockquote>{{message}}</blockquote>' +
      '<p>Az üzenetet az adminisztrációs felületen, az Üzenetek között is megtalálod.</p>',
  },
  {
    key: 'offer_request',
    name: 'Új árajánlatkérés',
    subject: 'Árajánlatkérés érkezett: {{name}}',
    bodyHtml:
      '<p>Új árajánlatkérés érkezett a webáruházból.</p>' +
      '<ul><li>Név: {{name}}</li><li>Cég: {{companyName}}</li><li>Adószám: {{taxNumber}}</li><li>Cím: {{companyAddress}}</li><li>E-mail: {{email}}</li><li>Telefon: {{phone}}</li></ul>' +
      '<p>Kért termékek:</p>{{offerLines}}' +
      '<p>Megjegyzés:</p><blockquote>{{message}}</blockquote>' +
      '<p>Az ajánlatot az adminisztrációs felületen, az ajánlatkérések között készítheted el.</p>',
  },
  {
    key: 'contact_received',
    name: 'Üzenet visszaigazolása a küldőnek',
    subject: 'Megkaptuk az üzenetedet: {{subject}}',
    bodyHtml:
      '<p>Kedves {{name}}!</p>' +
      '<p>Köszönjük, hogy írtál nekünk. Az üzenetedet megkaptuk, és hamarosan válaszolunk rá.</p>' +
      '<p>Az üzeneted:</p><blockquote>{{message}}</blockquote>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata<br><a href="{{shopUrl}}">{{shopUrl}}</a></p>`,
  },
  {
    key: 'offer_received',
    name: 'Árajánlatkérés visszaigazolása a küldőnek',
    subject: 'Megkaptuk az árajánlatkérésedet',
    bodyHtml:
      '<p>Kedves {{name}}!</p>' +
      '<p>Köszönjük az árajánlatkérést. Az alábbi termékekre készítünk ajánlatot, és e-mailben küldjük el:</p>' +
      '{{offerLines}}' +
      '<p>Megjegyzés:</p><blockquote>{{message}}</blockquote>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata<br><a href="{{shopUrl}}">{{shopUrl}}</a></p>`,
  },
  {
    key: 'quote_sent',
    name: 'Árajánlat',
    subject: `Árajánlatunk a ${COMPANY.shopName} webáruházból`,
    bodyHtml:
      '<p>Kedves {{name}}!</p>' +
      '<p>Köszönjük az ajánlatkérésedet. Az alábbi árakat ajánljuk:</p>' +
      '{{quoteLines}}' +
      '<p><strong>Összesen: {{quoteTotal}}</strong> (bruttó)</p>' +
      '{{quoteNote}}' +
      '<p>Az ajánlat {{quoteValidUntil}} napig érvényes, és egy rendeléshez használható fel. Az alábbi linken, a fiókodba bejelentkezve, egy kattintással a kosaradba teheted a tételeket az ajánlott árakon:</p>' +
      '<p><a href="{{quoteLink}}">Az árajánlat megnyitása</a></p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata</p>`,
  },
  {
    key: 'back_in_stock',
    name: 'Újra raktáron (értesítés)',
    subject: 'Újra raktáron: {{productName}}',
    bodyHtml:
      '<p>Kedves Vásárlónk!</p>' +
      '<p>Értesítést kértél, amikor ez a termék újra kapható lesz. Megérkezett:</p>' +
      '<p><strong>{{productName}}</strong><br>Ára most: {{productPrice}}</p>' +
      '<p><a href="{{productLink}}">Megnézem a terméket</a></p>' +
      '<p>A készlet korlátozott, és nem tartjuk félre: ha kell, érdemes mielőbb megrendelni. Ezt a levelet egyszer küldjük el.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata<br><a href="{{shopUrl}}">{{shopUrl}}</a></p>`,
  },
  {
    key: 'email_changed',
    name: 'Megváltozott a fiók e-mail-címe (értesítés a régi címre)',
    subject: 'Megváltozott a fiókod e-mail-címe',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      `<p>A ${COMPANY.shopName} oldalán a fiókod e-mail-címét {{changedAt}}-kor megváltoztatták: ` +
      'a korábbi cím ({{previousEmail}}) helyett mostantól a {{email}} címmel lehet bejelentkezni. ' +
      'A fiókba bejelentkezett többi eszközt kijelentkeztettük. Erre a címre a fiókkal kapcsolatban ez az utolsó levelünk.</p>' +
      '<p>Ha te változtattad meg, nincs teendőd.</p>' +
      '<p><strong>Ha nem te voltál</strong>, valaki ismeri a jelszavadat: kérjük, haladéktalanul jelezd nekünk ' +
      `e-mailben (${COMPANY.email}) vagy telefonon (${COMPANY.phone}, ${COMPANY.phoneHours}), és visszaállítjuk a ` +
      'fiókodat. Ha ezt a jelszót máshol is használod, ott is változtasd meg. Ebben a levélben nincs link, ' +
      'és mi soha nem kérjük el a jelszavadat.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata<br>{{shopUrl}}</p>`,
  },
  {
    key: 'review_request',
    name: 'Értékelés kérése a teljesített rendelés után',
    subject: 'Hogy tetszik, amit vásároltál? Értékeld a {{orderNumber}} rendelésed termékeit',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>Reméljük, örömöd leled abban, amit a {{orderNumber}} számú rendelésedben ({{orderDate}}) kaptál. ' +
      'Ha van egy perced, írd meg a véleményed a termékekről: a többi vásárlónak sokat segít.</p>' +
      '{{reviewProducts}}' +
      '<p><a href="{{reviewLink}}">Értékelem a termékeket</a></p>' +
      '<p>A linken jelentkezz be a fiókodba, és a rendelésed oldalán, az „Értékeld a termékeket” részben ' +
      'adhatsz csillagokat és írhatsz véleményt. Minden értékelést megjelenés előtt elolvasunk, és ' +
      '„Ellenőrzött vásárló” jelöléssel tesszük közzé. Ezt a levelet rendelésenként egyszer küldjük.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata<br><a href="{{shopUrl}}">{{shopUrl}}</a></p>` +
      '<p>Nem szeretnél több értékelést kérő levelet? ' +
      '<a href="{{reviewOptOutLink}}">Leiratkozom ezekről a levelekről</a> (egy kattintás).</p>',
  },
  {
    key: 'newsletter_confirmation',
    name: 'Hírlevél-feliratkozás megerősítése',
    subject: 'Erősítsd meg a feliratkozásodat a hírlevelünkre',
    bodyHtml:
      '<p>Kedves Feliratkozónk!</p>' +
      `<p>Valaki (remélhetőleg te) feliratkozott a ${COMPANY.shopName} hírlevelére ezzel az e-mail-címmel: {{email}}. ` +
      'A feliratkozás csak akkor érvényes, ha az alábbi linkre kattintva megerősíted:</p>' +
      '<p><a href="{{confirmLink}}">Igen, kérem a hírlevelet</a></p>' +
      '<p>A link 7 napig érvényes. Ha nem te iratkoztál fel, nincs teendőd: megerősítés nélkül nem küldünk hírlevelet erre a címre.</p>' +
      '<p>A hírlevélről bármikor leiratkozhatsz a levelek alján lévő linkkel.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata<br><a href="{{shopUrl}}">{{shopUrl}}</a></p>`,
  },
  {
    key: 'abandoned_cart',
    name: 'Kosáremlékeztető',
    subject: 'A kosaradban maradt valami',
    bodyHtml:
      '<p>Kedves {{firstName}}!</p>' +
      '<p>Láttuk, hogy ezeket a termékeket a kosaradba tetted, de a rendelést nem fejezted be:</p>' +
      '{{cartProducts}}' +
      '<p><a href="{{restoreLink}}">Visszaállítom a kosaramat</a></p>' +
      '<p>A link bármelyik eszközön visszateszi a termékeket a kosaradba (30 napig érvényes). Az árakat és a ' +
      'készletet a rendeléskor a webáruház szerint számoljuk. Erről a kosárról csak ezt az egy levelet küldjük.</p>' +
      `<p>Üdvözlettel:<br>a ${COMPANY.shopName} csapata<br><a href="{{shopUrl}}">{{shopUrl}}</a></p>`,
  },
] as const;

/**
 * Every template the shop sends is created when missing (by key), so the
 * sending code can rely on all of them; existing ones are never touched.
 */
export async function seedEmail(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  const { count } = await tx.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  ctx.log(count > 0 ? `e-mail: ${count} sablon` : 'e-mail: a sablonok megvannak, változatlan');

  const setting = await tx.emailSetting.findUnique({ where: { id: 1 }, select: { id: true } });
  if (setting) {
    ctx.log('e-mail: vannak küldési beállítások, változatlan');
    return;
  }
  // No SMTP host: a demo shop must not send real mail before an admin sets up delivery.
  await tx.emailSetting.create({
    data: {
      id: 1,
      senderName: COMPANY.shopName,
      senderEmail: COMPANY.senderEmail,
      notificationEmail: COMPANY.email,
    },
  });
  ctx.log('e-mail: küldési beállítások (SMTP nélkül)');
}
