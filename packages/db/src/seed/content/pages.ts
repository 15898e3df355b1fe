import { PAYMENT_METHODS, SHIPPING_METHODS } from '../checkout';
import { COMPANY as C } from '../company';
import { formatForint } from '../text';

export type PageSeed = { slug: string; title: string; metaDescription: string; body: string };

const shippingList = SHIPPING_METHODS.map((m) => {
  const price = m.grossPrice === 0 ? 'díjmentes' : formatForint(m.grossPrice);
  const free = m.freeAbove ? `, ${formatForint(m.freeAbove)} értékű rendeléstől ingyenes` : '';
  return `<li><strong>${m.name}</strong>: ${price}${free}. ${m.description}</li>`;
}).join('');

const paymentList = PAYMENT_METHODS.map((m) => {
  const fee = m.grossFee === 0 ? 'díjmentes' : `kezelési költsége ${formatForint(m.grossFee)}`;
  return `<li><strong>${m.name}</strong> (${fee}): ${m.description}</li>`;
}).join('');

const companyList =
  `<ul><li>Cégnév: ${C.name}</li><li>Székhely: ${C.address}</li>` +
  `<li>Cégjegyzékszám: ${C.registrationNumber} (nyilvántartja: ${C.registrationCourt})</li>` +
  `<li>Adószám: ${C.taxNumber}</li><li>Közösségi adószám: ${C.euTaxNumber}</li>` +
  `<li>Bankszámlaszám: ${C.bankAccount} (${C.bankName})</li>` +
  `<li>Képviseli: ${C.representative}</li>` +
  `<li>E-mail: ${C.email}</li><li>Telefon: ${C.phone} (${C.phoneHours})</li></ul>`;

// The nine static pages the specification names, by their exact slugs, in footer order.
export const PAGES: readonly PageSeed[] = [
  {
    slug: 'cegadatok',
    title: 'Cégadatok',
    metaDescription: `A ${C.shopName} üzemeltetőjének, a ${C.name} cégnek az adatai.`,
    body: `<h2>A webáruház üzemeltetője</h2>${companyList}`,
  },
  {
    slug: 'impresszum',
    title: 'Impresszum',
    metaDescription: `A ${C.shopName} impresszuma: üzemeltető, elérhetőségek, tárhelyszolgáltató.`,
    body:
      `<h2>Üzemeltető</h2>${companyList}` +
      `<h2>Tárhelyszolgáltató</h2><p>${C.hostingProvider}</p>` +
      '<h2>Szerzői jogok</h2><p>A webáruház szövegei, fotói és grafikái szerzői jogi védelem alatt állnak; írásos engedélyünk nélkül nem használhatók fel.</p>',
  },
  {
    slug: 'altalanos-szerzodesi-feltetelek',
    title: 'Általános szerződési feltételek',
    metaDescription:
      'A webáruházban történő vásárlás feltételei: rendelés, fizetés, szállítás, elállás, szavatosság.',
    body:
      '<h2>1. A szolgáltató adatai</h2>' +
      `<p>A webáruházat a ${C.name} (székhely: ${C.address}; cégjegyzékszám: ${C.registrationNumber}; adószám: ${C.taxNumber}; e-mail: ${C.email}; telefon: ${C.phone}) üzemelteti.</p>` +
      '<h2>2. A szerződés létrejötte</h2>' +
      '<p>A szerződés magyar nyelven, elektronikus úton jön létre, és nem minősül írásba foglalt szerződésnek. A megrendelés elküldése után automatikus visszaigazoló e-mailt küldünk; ha ez 48 órán belül nem érkezik meg, a vásárló mentesül az ajánlati kötöttség alól.</p>' +
      '<h2>3. Árak</h2>' +
      '<p>A feltüntetett árak forintban értendők, és tartalmazzák az általános forgalmi adót. A szállítás és az utánvét díját a pénztár oldalon, a rendelés elküldése előtt külön feltüntetjük. Nyilvánvalóan hibás ár esetén a megrendelést nem teljesítjük, erről a vásárlót haladéktalanul értesítjük.</p>' +
      '<h2>4. Fizetés és szállítás</h2>' +
      `<p>Fizetési módok:</p><ul>${paymentList}</ul>` +
      '<p>A szállítási módokat és díjakat a <a href="/page/szallitasi-informaciok">Szállítási információk</a> oldal tartalmazza.</p>' +
      '<h2>5. Elállási jog</h2>' +
      '<p>A fogyasztó és a vállalkozás közötti szerződések részletes szabályairól szóló 45/2014. (II. 26.) Korm. rendelet alapján a fogyasztó a termék átvételétől számított 14 napon belül indoklás nélkül elállhat a szerződéstől. Az elállási szándékot egyértelmű nyilatkozattal (például e-mailben) kell jelezni; ehhez a rendelet 2. mellékletében található nyilatkozatminta is használható.</p>' +
      '<ul><li>A terméket az elállás közlésétől számított 14 napon belül kell visszaküldeni; a visszaküldés közvetlen költségét a vásárló viseli.</li>' +
      '<li>A vételárat és a szállítási díjat az elállás kézhezvételétől számított 14 napon belül visszatérítjük, de a visszatérítést visszatarthatjuk, amíg a termék vissza nem érkezik.</li>' +
      '<li>Nem illeti meg az elállási jog a vásárlót a kifejezetten az ő kérésére személyre szabott termékek (például névre szóló bögre, gravírozott deszka), valamint a romlandó vagy minőségét rövid ideig megőrző élelmiszerek esetén.</li></ul>' +
      '<h2>6. Szavatosság</h2>' +
      '<p>Hibás teljesítés esetén a vásárló a Polgári Törvénykönyvről szóló 2013. évi V. törvény szerint kellékszavatossági, illetve termékszavatossági igényt érvényesíthet. Fogyasztói szerződésnél a teljesítéstől számított egy éven belül felismert hibáról vélelmezni kell, hogy az már a teljesítéskor megvolt.</p>' +
      '<h2>7. Panaszkezelés</h2>' +
      `<p>Panaszát az ${C.email} címen vagy a ${C.phone} telefonszámon jelezheti; írásbeli panaszára 30 napon belül érdemben válaszolunk. Vitás ügyben a fogyasztó a lakóhelye szerinti békéltető testülethez fordulhat.</p>`,
  },
  {
    slug: 'adatkezelesi-tajekoztato',
    title: 'Adatkezelési tájékoztató',
    metaDescription:
      'Hogyan kezeljük a vásárlóink személyes adatait az általános adatvédelmi rendelet (GDPR) szerint.',
    body:
      '<h2>Az adatkezelő</h2>' +
      `<p>${C.name} (${C.address}; e-mail: ${C.email}). Személyes adataidat az Európai Parlament és a Tanács (EU) 2016/679 rendelete (általános adatvédelmi rendelet, GDPR) és az információs önrendelkezési jogról szóló 2011. évi CXII. törvény szerint kezeljük.</p>` +
      '<h2>Milyen adatokat, miért kezelünk?</h2>' +
      '<ul><li><strong>Regisztráció</strong>: név, e-mail-cím, jelszó (csak titkosított lenyomata), telefonszám, címek – a fiók működtetéséhez, hozzájárulásod alapján (GDPR 6. cikk (1) a)), a fiók törléséig.</li>' +
      '<li><strong>Rendelés</strong>: név, számlázási és szállítási cím, e-mail-cím, telefonszám, a rendelt termékek – a szerződés teljesítéséhez (GDPR 6. cikk (1) b)); a számviteli bizonylatokat a számvitelről szóló 2000. évi C. törvény alapján 8 évig őrizzük meg.</li>' +
      '<li><strong>Süti-hozzájárulás</strong>: a választásod (statisztika, marketing), a tájékoztató változata, az időpont és egy véletlen azonosító – a hozzájárulás igazolásához (GDPR 7. cikk (1)), 12 hónapig, utána újra megkérdezünk.</li>' +
      '<li><strong>Kapcsolatfelvétel és árajánlatkérés</strong>: a megadott adatok és az üzenet – a megkeresés megválaszolásához, legfeljebb 1 évig.</li>' +
      '<li><strong>Hírlevél</strong>: e-mail-cím, a feliratkozás módja és időpontja – hírlevél küldéséhez, hozzájárulásod alapján (GDPR 6. cikk (1) a), a gazdasági reklámtevékenységről szóló 2008. évi XLVIII. törvény 6. §). A feliratkozás csak a megerősítő levélben kapott linkre kattintva érvényes (kettős megerősítés). A hozzájárulásokat és a leiratkozásokat – ki, melyik szövegre, mikor – a törvény szerinti nyilvántartásban rögzítjük. Bármikor, indoklás nélkül leiratkozhatsz a levelek alján lévő linkkel vagy a fiókodban; ezután hírlevelet nem küldünk.</li>' +
      '<li><strong>Értékelést kérő e-mail</strong>: a teljesített rendelés után néhány nappal egy levélben megkérjük a regisztrált vásárlót, hogy értékelje a megvásárolt termékeket – jogos érdekünk alapján (GDPR 6. cikk (1) f)), hogy a többi vásárló valós tapasztalatokra támaszkodhasson. Rendelésenként legfeljebb egy levelet küldünk; a levélben lévő linkkel egy kattintással leiratkozhatsz, ezután erre a címre több ilyen levelet nem küldünk. A leiratkozott címet csak titkosított lenyomatként őrizzük meg.</li></ul>' +
      '<h2>Látogatottsági statisztika és hirdetésmérés</h2>' +
      '<p>Az alábbi szolgáltatások csak akkor működnek, ha a bolt üzemeltetője a beállításokban bekapcsolja őket, és csak a sütisávban adott hozzájárulásod alapján (GDPR 6. cikk (1) a)); hozzájárulásodat a lap alján lévő „Süti beállítások” linkkel bármikor visszavonhatod, ami a visszavonás előtti adatkezelés jogszerűségét nem érinti.</p>' +
      '<ul><li><strong>Google Analytics 4</strong> (Google Ireland Ltd., Gordon House, Barrow Street, Dublin 4, Írország): statisztikai hozzájárulás esetén méri, mely oldalakat és termékeket nézed meg, mit teszel a kosárba, és a vásárlás adatait (rendelésszám, termékek, összeg) – a webáruház fejlesztéséhez. A Google Consent Mode (hozzájárulási mód) a választásodat továbbítja a Google-nek: hozzájárulás nélkül a Google Analytics sütit nem tárol, és hirdetési célra semmit nem használ fel. A Google az adatokat az Amerikai Egyesült Államokba is továbbíthatja; ez az EU–USA adatvédelmi keretrendszer (EU–US Data Privacy Framework) alapján történik, amelyhez a Google csatlakozott.</li>' +
      '<li><strong>Meta Pixel és Conversions API</strong> (Meta Platforms Ireland Ltd., Merrion Road, Dublin 4, D04 X2K5, Írország): marketing-hozzájárulás esetén a Meta Pixel a termékmegtekintést, a kosárba tételt, a pénztár megnyitását és a vásárlást méri, hirdetéseink hatékonyságának méréséhez. Ha a vásárláskor marketing-hozzájárulásod érvényes volt, a kifizetett rendelésről a szerverünk is értesíti a Metát (Conversions API): e-mail-címedet, telefonszámodat, nevedet, városodat és irányítószámodat csak visszafejthetetlen lenyomatként (SHA-256) küldjük el, a rendelésszámmal és az összeggel együtt. Ha a hozzájárulásodat a fizetés előtt visszavontad, semmit nem küldünk. A Meta az adatokat az Amerikai Egyesült Államokba is továbbíthatja az EU–USA adatvédelmi keretrendszer alapján; adatkezeléséről a Meta adatkezelési tájékoztatója rendelkezik.</li></ul>' +
      '<h2>Adatfeldolgozók</h2>' +
      '<p>A rendelések teljesítéséhez a szükséges adatokat átadjuk a választott futárszolgálatnak (GLS, Foxpost, Magyar Posta), bankkártyás fizetésnél a Barion Payment Zrt.-nek, valamint tárhelyszolgáltatónknak. Adataidat nem adjuk el. Harmadik országba (az Európai Gazdasági Térségen kívülre) csak a fent leírt statisztikai és marketingszolgáltatások továbbíthatnak adatot, az EU–USA adatvédelmi keretrendszer alapján; ha ezeket a bolt nem kapcsolta be, vagy nem adtál hozzájárulást, adatot harmadik országba nem továbbítunk.</p>' +
      '<h2>Jogaid</h2>' +
      '<ul><li>hozzáférés a rólad kezelt adatokhoz és másolat kérése;</li><li>helyesbítés és törlés („elfeledtetés”);</li><li>az adatkezelés korlátozása és tiltakozás;</li><li>adathordozhatóság: a fiókodban az adataidat le is töltheted.</li></ul>' +
      `<p>Kérésedre 30 napon belül válaszolunk (${C.email}). Panasszal a Nemzeti Adatvédelmi és Információszabadság Hatósághoz (NAIH, www.naih.hu) fordulhatsz, vagy bírósághoz is.</p>`,
  },
  {
    slug: 'cookie-tajekoztato',
    title: 'Cookie tájékoztató',
    metaDescription: 'Milyen sütiket és böngészőben tárolt adatokat használ a webáruház, és miért.',
    body:
      '<h2>Mit tárolunk a böngésződben?</h2>' +
      '<p>A webáruház a működéséhez szükséges adatokat a böngésző helyi tárolójában (localStorage) tartja:</p>' +
      '<ul><li><strong>token</strong>: bejelentkezés után a munkamenet azonosítója, kijelentkezéskor töröljük;</li>' +
      '<li><strong>cart</strong>: a bejelentkezés nélkül összeállított kosár tartalma;</li>' +
      '<li>a kategóriamenü (oldalsáv) nyitott vagy zárt állapota;</li>' +
      '<li><strong>cookie-consent</strong>: a süti-választásod (az alábbi kategóriák), a tájékoztató változata és a döntés ideje;</li>' +
      '<li><strong>analytics-purchase:*</strong> (például analytics-purchase:ga4:12345): ha bekapcsolt mérés mellett vásárolsz, azt jelzi, hogy az adott rendelést a Google Analytics vagy a Meta Pixel felé már jelentettük, hogy a köszönőoldal újratöltése ne számítsa kétszer; csak a rendelésszámot és a szolgáltatás nevét tartalmazza, a webhelyadatok törlésével eltávolítható.</li></ul>' +
      '<p>Ezek nélkül a kosár és a bejelentkezés nem működne, ezért használatukhoz nem kérünk külön hozzájárulást.</p>' +
      '<h2>Statisztikai és marketing sütik</h2>' +
      '<p>Első látogatáskor megkérdezzük, hozzájárulsz-e a statisztikai és a marketing célú sütikhez; az „Összes elutasítása” ugyanolyan egyszerű, mint az elfogadás. A döntésed 12 hónapig érvényes, vagy amíg ez a tájékoztató nem változik; a lap alján a „Süti beállítások” linkkel bármikor módosíthatod.</p>' +
      '<ul><li><strong>Marketing – Barion Pixel</strong>: ha a bolt beállította, a Barion Payment Zrt. szkriptje a termékmegtekintést, a kosárba tételt, a pénztár megnyitását és a vásárlást méri, hirdetési célra. Marketing-hozzájárulás nélkül ezeket az eseményeket nem küldjük el, a szkript csak a csalásmegelőzéshez szükséges, hozzájárulást nem igénylő működést végzi; adatkezeléséről a Barion adatkezelési tájékoztatója rendelkezik.</li>' +
      '<li><strong>Statisztika – Google Analytics 4</strong>: ha a bolt bekapcsolta, a Google Ireland Ltd. szolgáltatása statisztikai hozzájárulás esetén az oldal- és termékmegtekintéseket, a kosárba tételt és a vásárlást méri, és ehhez sütiket (_ga, _ga_*) tárol legfeljebb 2 évig. A Google Consent Mode a választásodat közli a Google-lel; hozzájárulás nélkül sütit nem tárolunk és eseményt nem küldünk. Az adatok az Amerikai Egyesült Államokba is kerülhetnek, az EU–USA adatvédelmi keretrendszer (EU–US Data Privacy Framework) alapján.</li>' +
      '<li><strong>Marketing – Meta Pixel és Conversions API</strong>: ha a bolt bekapcsolta, a Meta Platforms Ireland Ltd. szkriptje marketing-hozzájárulás esetén a termékmegtekintést, a kosárba tételt, a pénztár megnyitását és a vásárlást méri, és ehhez sütiket (_fbp) tárol legfeljebb 90 napig. A kifizetett rendelést – ha vásárláskor a marketing-hozzájárulásod érvényes volt – a szerverünk is jelzi a Metának (Conversions API), a kapcsolattartási adataidat csak visszafejthetetlen lenyomatként. Az adatok az Amerikai Egyesült Államokba is kerülhetnek, az EU–USA adatvédelmi keretrendszer alapján. Részletek az adatkezelési tájékoztatóban.</li></ul>' +
      '<h2>Hogyan törölheted?</h2>' +
      '<p>A tárolt adatokat a böngésző beállításaiban, a webhelyadatok törlésével bármikor eltávolíthatod; ekkor a kosár kiürül, és újra be kell jelentkezned.</p>',
  },
  {
    slug: 'szallitasi-informaciok',
    title: 'Szállítási információk',
    metaDescription:
      'Szállítási módok, díjak és határidők: GLS, Foxpost, MPL és személyes átvétel Budapesten.',
    body:
      '<h2>Szállítási módok és díjak</h2>' +
      `<ul>${shippingList}</ul>` +
      '<h2>Mikor érkezik a csomag?</h2>' +
      '<p>A raktáron lévő termékeket a rendelést követő 1-2 munkanapon belül adjuk fel; a személyre szabott termékek elkészítése további 3 munkanap. Banki átutalásnál a csomagot az összeg jóváírása után adjuk fel.</p>' +
      `<h2>Személyes átvétel</h2><p>Címünk: ${C.pickupAddress}. Nyitvatartás: ${C.pickupHours}. Kérjük, csak a „csomagod elkészült” e-mail után gyere.</p>` +
      '<h2>Fizetési módok</h2>' +
      `<ul>${paymentList}</ul>` +
      '<p>Törékeny termékeinket (porcelán, kerámia, üveg) több réteg papírral, dupla falú dobozban csomagoljuk. Ha a csomag mégis sérülten érkezik, vedd fel a futárral a kárjegyzőkönyvet, és írj nekünk.</p>',
  },
  {
    slug: 'cegunk-filozofiaja',
    title: 'Cégünk filozófiája',
    metaDescription: 'Kik vagyunk, és miért válogatunk magyar műhelyek és termelők termékeiből.',
    body:
      '<h2>Egy bögrével kezdődött</h2>' +
      '<p>2012-ben egy budapesti konyhában kezdtük: kézzel festett kerámia bögréket árultunk a barátainknak. Ma több száz termékkel, de ugyanazzal a szemlélettel dolgozunk: olyan tárgyakat kínálunk, amelyeket mi magunk is szívesen használunk nap mint nap.</p>' +
      '<h2>Amiben hiszünk</h2>' +
      '<ul><li><strong>Hazai műhelyek</strong>: termékeink nagy részét magyar fazekasok, asztalosok, gyertyaöntők és termelők készítik.</li>' +
      '<li><strong>Tartósság</strong>: inkább kevesebbet, de jobbat – a jó bögre évtizedekig kitart.</li>' +
      '<li><strong>Kevesebb hulladék</strong>: újrahasznosított papírral csomagolunk, műanyag töltőanyag nélkül.</li>' +
      '<li><strong>Emberi hang</strong>: ha kérdésed van, egy valódi kolléga válaszol, aki ismeri a termékeket.</li></ul>' +
      '<p>Köszönjük, hogy nálunk vásárolsz, és ezzel a magyar kézműveseket is támogatod.</p>',
  },
  {
    slug: 'katalogusok',
    title: 'Katalógusok',
    metaDescription:
      'Lapozd át szezonális katalógusainkat a legújabb bögrékkel, gyertyákkal és ajándékötletekkel.',
    body:
      '<h2>Szezonális katalógusaink</h2>' +
      '<p>Katalógusainkban összegyűjtjük legújabb termékeinket és kedvenc ajándékötleteinket. Az éppen érvényes katalógusokat az alábbi listában találod: a „Megnyitás” gomb PDF-ként, a böngésződben nyitja meg őket.</p>' +
      `<p>Viszonteladóként egyedi árajánlatot is kérhetsz: írj az ${C.email} címre, vagy kattints a termékoldalakon az „Árajánlatot kérek” gombra.</p>`,
  },
  {
    slug: 'bevasarlolista',
    title: 'Bevásárlólista',
    metaDescription: 'Gyűjtsd egy helyre a kiszemelt termékeket, és rendeld meg őket később.',
    body:
      '<h2>Mire jó a bevásárlólista?</h2>' +
      '<p>A bevásárlólistádra – a fiókodban „Kedvenceim” néven – bármelyik terméket felteheted a termék oldalán, és később innen teheted a kosárba. Így nem vész el a kiszemelt ajándék, és akár több alkalomra is előre tervezhetsz.</p>' +
      '<h2>Hogyan használd?</h2>' +
      '<ul><li>Jelentkezz be, vagy regisztrálj – a lista a fiókodhoz tartozik, így bármelyik eszközödön eléred.</li>' +
      '<li>A termék oldalán kattints a „Kedvencekhez” gombra.</li>' +
      '<li>A listádat a fiókodban, a „Kedvenceim” részben találod; innen a termékeket a „Kosárba” gombbal a kosárba teheted, az X gombbal pedig törölheted.</li></ul>',
  },
];
