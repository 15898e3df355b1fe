import type { Shape } from '../images';

export type BlogPostSeed = {
  slug: string;
  title: string;
  author: string;
  daysAgo: number;
  shapes: readonly Shape[];
  /** The products the post recommends: the first demo product whose name starts so, in this order. */
  products: readonly string[];
  body: string;
};

export const BLOG_POSTS: readonly BlogPostSeed[] = [
  {
    slug: 'hogyan-valasszunk-bogret',
    title: 'Hogyan válasszuk ki a tökéletes bögrét?',
    author: 'Kovács Eszter',
    daysAgo: 6,
    shapes: ['mug', 'teacup'],
    products: ['Porcelán bögre', 'Kerámia bögre', 'Teáscsésze aljjal'],
    body:
      '<p>Porcelán vagy kerámia, 2,5 vagy 4 deciliter? A bögre kiválasztása elsőre egyszerűnek tűnik, de aki minden reggel ugyanabból issza a kávéját, tudja, hogy apróságokon múlik.</p>' +
      '<h2>Anyag</h2><p>A <strong>porcelán</strong> vékonyabb és könnyebb, a fehér felületen szépen érvényesülnek a minták. A <strong>kerámia</strong> vastagabb falú, tovább tartja a meleget, és a kézi mázazás miatt minden darab egyedi.</p>' +
      '<h2>Méret</h2><p>Egy presszókávéhoz elég a 0,8-1 dl-es csésze, a tejeskávéhoz a 3-3,5 dl-es bögre az ideális, teához és forró csokihoz pedig bátran választhatsz 4 dl-eset.</p>' +
      '<h2>Fül és perem</h2><p>Vásárlás előtt érdemes megnézni, kényelmesen befér-e két ujj a fülbe, és hogy a perem ne legyen túl vastag – ettől függ, mennyire esik jól belőle inni.</p>',
  },
  {
    slug: 'illatgyertyak-biztonsagos-hasznalata',
    title: 'Illatgyertyák biztonságos használata – 7 jó tanács',
    author: 'Szilágyi Dóra',
    daysAgo: 19,
    shapes: ['candle', 'tealight'],
    products: ['Illatgyertya üvegben', 'Teamécses'],
    body:
      '<p>Egy jó illatgyertya percek alatt hangulatossá teszi a szobát. Hogy sokáig örömöd legyen benne, érdemes betartani néhány egyszerű szabályt.</p>' +
      '<ul><li>Az első gyújtáskor hagyd égni, amíg a teljes felszín megolvad – így nem „alagutazik” be a gyertya.</li>' +
      '<li>Gyújtás előtt vágd 5 mm-esre a kanócot.</li>' +
      '<li>Egyszerre legfeljebb 4 órán át égesd.</li>' +
      '<li>Ne hagyd felügyelet nélkül, és tartsd távol a függönytől, gyerekektől, háziállatoktól.</li>' +
      '<li>Huzatos helyen a gyertya kormozhat, ezért ablak mellé ne tedd.</li>' +
      '<li>Ha már csak 1 cm viasz maradt az alján, ne gyújtsd meg újra.</li>' +
      '<li>Oltsd el gyertyaoltóval, ne fújd el – így nem lesz füstszag.</li></ul>',
  },
  {
    slug: 'karacsonyi-ajandekotletek-a-konyhaba',
    title: 'Karácsonyi ajándékötletek a konyha szerelmeseinek',
    author: 'Kovács Eszter',
    daysAgo: 34,
    shapes: ['gift', 'mug'],
    products: ['Névre szóló porcelán bögre', 'Gravírozott vágódeszka', 'Ajándékcsomag'],
    body:
      '<p>Van a családban, aki mindig a konyhában sürgölődik? Összegyűjtöttük a kedvenc ajándékötleteinket, amelyekkel biztosan nem lősz mellé.</p>' +
      '<h2>Névre szóló bögre</h2><p>Monogrammal vagy kedves felirattal – a személyre szabott bögrét 3 munkanap alatt készítjük el, ezért érdemes időben rendelni.</p>' +
      '<h2>Gravírozott vágódeszka</h2><p>Tömör keményfából, a család nevével: évekig használható, és minden alkalommal eszébe juttat.</p>' +
      '<h2>Ajándékcsomag a kamrából</h2><p>Termelői méz, házi lekvár és kézműves mézeskalács egy dobozban – a karácsonyi reggeli alapja.</p>' +
      '<p>Tipp: a december 18-ig leadott rendeléseket még karácsony előtt kiszállítjuk.</p>',
  },
  {
    slug: 'a-befozes-alapjai',
    title: 'A befőzés alapjai: üvegek, tetők, tárolás',
    author: 'Nagy Irén',
    daysAgo: 63,
    shapes: ['jar'],
    products: ['Befőttesüveg', 'Házi lekvár'],
    body:
      '<p>A nyár ízeit legjobban befőttesüvegben lehet megőrizni. Néhány alapszabállyal a lekvár és a savanyúság is biztosan eláll tavaszig.</p>' +
      '<h2>Tiszta üvegek</h2><p>Az üvegeket és a tetőket forró, mosogatószeres vízben mosd el, majd 100 °C-os sütőben 10 percig szárítsd ki.</p>' +
      '<h2>Zárás</h2><p>A forró lekvárt töltsd a meleg üvegekbe, hagyj 1 cm helyet a tetejénél, zárd le, és fordítsd fejjel lefelé 5 percre. A csatos üvegek gumigyűrűjét minden szezonban cseréld.</p>' +
      '<h2>Tárolás</h2><p>Hűvös, sötét kamrában a jól lezárt lekvár egy évig is eláll. Felbontás után hűtőben tárold, és két héten belül fogyaszd el.</p>',
  },
  {
    slug: 'unnepi-teritek-vendegvaraskor',
    title: 'Így terítsünk ünnepi vendégváráskor',
    author: 'Szilágyi Dóra',
    daysAgo: 97,
    shapes: ['plate', 'wineglass'],
    products: ['Lapostányér', 'Borospohár', 'Tálalótál'],
    body:
      '<p>A szépen megterített asztal fél siker. Nem kell hozzá drága étkészlet, csak néhány bevált szabály.</p>' +
      '<ul><li>A lapostányér az asztal szélétől két ujjnyira kerül, rá jön a mélytányér, ha leves is lesz.</li>' +
      '<li>A villák balra, a kések és a kanalak jobbra kerülnek, a kés éle a tányér felé néz.</li>' +
      '<li>A poharak a kés fölé, jobbra kerülnek: elöl a vizespohár, mögötte a boros- és a pezsgőspohár.</li>' +
      '<li>A textilszalvéta és egy kis váza virág vagy egy mécses mindig ünnepivé teszi az asztalt.</li></ul>' +
      '<p>És a legfontosabb: a vendégek a jó hangulatra emlékeznek majd, nem arra, hol állt a desszertes villa.</p>',
  },
];
