export type CategorySeed = {
  title: string;
  body: string;
  children?: readonly CategorySeed[];
};

// Slugs are derived from the titles (accents stripped); products refer to their
// leaf categories by those slugs.
export const CATEGORY_TREE: readonly CategorySeed[] = [
  {
    title: 'Konyha',
    body: 'Minden, ami a főzéshez, tálaláshoz és a közös étkezésekhez kell: bögrék, tányérok, poharak és praktikus konyhai eszközök.',
    children: [
      {
        title: 'Bögrék és csészék',
        body: 'Porcelán és kerámia bögrék, teás- és kávéscsészék a reggeli kávétól a délutáni teázásig.',
        children: [
          {
            title: 'Porcelán bögrék',
            body: 'Vékony falú, könnyű porcelán bögrék klasszikus és népi mintákkal, mosogatógépben is moshatók.',
          },
          {
            title: 'Kerámia bögrék',
            body: 'Kézzel formázott és festett kerámia bögrék hazai műhelyekből, mindegyik egy kicsit más.',
          },
          {
            title: 'Csészék aljjal',
            body: 'Teás-, kávés- és cappuccinocsészék csészealjjal, ünnepi és hétköznapi terítékhez.',
          },
          {
            title: 'Utazóbögrék és termoszok',
            body: 'Jól záródó utazóbögrék és termoszbögrék, hogy a kávé útközben is meleg maradjon.',
          },
        ],
      },
      {
        title: 'Tányérok és tálak',
        body: 'Lapos- és mélytányérok, tálalótálak a mindennapi étkezésekhez és a vendégváráshoz.',
        children: [
          {
            title: 'Lapostányérok',
            body: 'Lapos- és desszertes tányérok porcelánból és kerámiából, több méretben.',
          },
          {
            title: 'Mélytányérok',
            body: 'Mély- és levesestányérok a vasárnapi húsleveshez és a gulyáshoz.',
          },
          {
            title: 'Tálalótálak',
            body: 'Salátás tálak, sültes tálak és kínálótálak, amelyekben az étel az asztalra is kerülhet.',
          },
        ],
      },
      {
        title: 'Poharak',
        body: 'Vizes-, üdítős-, boros- és pezsgőspoharak üvegből és kristályból.',
      },
      {
        title: 'Konyhai eszközök',
        body: 'Fa vágódeszkák, fakanalak és tálalódeszkák, amelyek évekig kitartanak.',
        children: [
          {
            title: 'Vágódeszkák',
            body: 'Keményfa vágó- és tálalódeszkák tölgyből, bükkből, diófából és akácból.',
          },
          {
            title: 'Fakanalak és spatulák',
            body: 'Fakanalak, keverőlapátok és salátás kanalak olajjal kezelt keményfából.',
          },
        ],
      },
      {
        title: 'Konyhai tárolók',
        body: 'Befőttesüvegek, tárolóüvegek és fűszertartók a rendezett kamrához és konyhapulthoz.',
        children: [
          {
            title: 'Befőttesüvegek',
            body: 'Csatos és csavaros tetejű üvegek befőzéshez, lekvárhoz és száraz élelmiszerekhez.',
          },
          {
            title: 'Fűszertartók',
            body: 'Fűszertartók, sószórók és fűszertartó készletek kerámiából, üvegből és fából.',
          },
        ],
      },
    ],
  },
  {
    title: 'Lakberendezés',
    body: 'Gyertyák, lakástextilek és dekorációk, amelyektől otthonosabb lesz a lakás.',
    children: [
      {
        title: 'Gyertyák és illatok',
        body: 'Illatgyertyák, mécsesek és pálcás illatosítók természetes összetevőkből.',
        children: [
          {
            title: 'Illatgyertyák',
            body: 'Szójaviasz illatgyertyák üvegben, hosszú égési idővel és finom illatokkal.',
          },
          {
            title: 'Mécsesek',
            body: 'Tea- és illatmécsesek csomagban, hangulatvilágításhoz és gyertyatartókba.',
          },
          {
            title: 'Pálcás illatosítók és illóolajok',
            body: 'Pálcás illatosítók és tiszta illóolajok a lakás minden helyiségébe.',
          },
        ],
      },
      {
        title: 'Lakástextil',
        body: 'Díszpárnák, konyharuhák és plédek pamutból, lenből és bársonyból.',
        children: [
          {
            title: 'Díszpárnák',
            body: 'Díszpárnák és párnahuzatok hímzett, kockás és modern mintákkal.',
          },
          {
            title: 'Konyharuhák és kötények',
            body: 'Nedvszívó pamut és len konyharuhák, kötények népi és modern mintával.',
          },
          {
            title: 'Takarók és plédek',
            body: 'Puha plédek és kötött takarók a hosszú téli estékre.',
          },
        ],
      },
      {
        title: 'Dekoráció',
        body: 'Vázák és képkeretek, apró díszek, amelyek egyedivé teszik az otthont.',
        children: [
          {
            title: 'Vázák',
            body: 'Kerámia-, porcelán- és üvegvázák egy szál virágtól a nagy csokorig.',
          },
          {
            title: 'Képkeretek',
            body: 'Asztali és falra akasztható képkeretek fából és fémből, több méretben.',
          },
        ],
      },
    ],
  },
  {
    title: 'Ajándék ötletek',
    body: 'Összeállított ajándékcsomagok, ünnepi és személyre szabható ajándékok minden alkalomra.',
    children: [
      {
        title: 'Ajándékcsomagok',
        body: 'Díszdobozba csomagolt, összeválogatott ajándékcsomagok teázáshoz, kávézáshoz és lazításhoz.',
      },
      {
        title: 'Ünnepi ajándékok',
        body: 'Karácsonyi és húsvéti ajándékok, díszek és ünnepi bögrék.',
        children: [
          {
            title: 'Karácsonyi ajándékok',
            body: 'Karácsonyi bögrék, díszek és téli hangulatú ajándékok a fa alá.',
          },
          {
            title: 'Húsvéti ajándékok',
            body: 'Tojástartók, húsvéti díszek és tavaszi ajándékok a locsolkodás napjára.',
          },
        ],
      },
      {
        title: 'Személyre szabható ajándékok',
        body: 'Névre szóló bögrék és gravírozott deszkák, amelyeket a megadott felirattal készítünk el.',
      },
    ],
  },
  {
    title: 'Kamra és csemege',
    body: 'Szakácskönyvek, kézműves édességek, lekvárok és mézek hazai termelőktől.',
    children: [
      {
        title: 'Szakácskönyvek',
        body: 'Magyar és regionális szakácskönyvek, sütés-főzés a nagymamák receptjei szerint.',
      },
      {
        title: 'Kézműves édességek',
        body: 'Mézeskalács, kekszek és linzerek kis tételben, kézműves pékségekből.',
      },
      {
        title: 'Lekvárok és mézek',
        body: 'Termelői mézek és házi lekvárok magyar gyümölcsből, tartósítószer nélkül.',
      },
    ],
  },
];
