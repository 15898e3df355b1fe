import type { IconType } from 'react-icons';
import {
  LuBookOpen,
  LuClipboardCheck,
  LuCreditCard,
  LuFileQuestion,
  LuFileText,
  LuFileWarning,
  LuFlaskConical,
  LuFolderTree,
  LuImage,
  LuImages,
  LuInbox,
  LuKeyRound,
  LuLandmark,
  LuLayoutDashboard,
  LuLink2,
  LuMail,
  LuMegaphone,
  LuMessageSquare,
  LuNewspaper,
  LuPackage,
  LuPackageX,
  LuPanelTop,
  LuReceipt,
  LuSettings,
  LuStore,
  LuTag,
  LuTruck,
  LuUserCog,
  LuUsers,
  LuUsersRound,
  LuWebhook,
} from 'react-icons/lu';

export type AdminSection = {
  /** The spec's admin route (§2); detail pages live below it as /{id}. */
  path: string;
  label: string;
  icon: IconType;
  /** Built already; the others show an honest "not available yet" panel. */
  available: boolean;
  /** What the screen will do, shown while it is not available. */
  purpose: string;
};

export type AdminSectionGroup = { label: string; sections: AdminSection[] };

/** Every admin route of spec §2, grouped as the sidebar shows them. */
export const ADMIN_SECTION_GROUPS: AdminSectionGroup[] = [
  {
    label: 'Áttekintés',
    sections: [
      {
        path: '/admin/dashboard',
        label: 'Vezérlőpult',
        icon: LuLayoutDashboard,
        available: true,
        purpose: 'A bolt állapota egy pillantásra.',
      },
    ],
  },
  {
    label: 'Katalógus',
    sections: [
      {
        path: '/admin/catalog/categories',
        label: 'Kategóriák',
        icon: LuFolderTree,
        available: true,
        purpose: 'A kategóriafa szerkesztése.',
      },
      {
        path: '/admin/catalog/products',
        label: 'Termékek',
        icon: LuPackage,
        available: true,
        purpose:
          'Termékek felvétele és szerkesztése: árak, mennyiségi árak, készlet, képek és tulajdonságok.',
      },
      {
        path: '/admin/catalog/products/missingdescription',
        label: 'Leírás nélküli termékek',
        icon: LuFileWarning,
        available: true,
        purpose: 'Azok a termékek, amelyeknek hiányzik a magyar leírása.',
      },
      {
        path: '/admin/catalog/products/missingimage',
        label: 'Kép nélküli termékek',
        icon: LuPackageX,
        available: true,
        purpose: 'Azok a termékek, amelyekhez még nem tartozik kép.',
      },
      {
        path: '/admin/catalog/products/nonuniqueurl',
        label: 'Ütköző URL-ek',
        icon: LuLink2,
        available: true,
        purpose: 'Azok a termékek, amelyek URL-neve nem egyedi.',
      },
      {
        path: '/admin/property',
        label: 'Tulajdonságok',
        icon: LuTag,
        available: true,
        purpose: 'Termékjellemzők (például szín, méret) és lehetséges értékeik.',
      },
      {
        path: '/admin/catalog/media',
        label: 'Médiatár',
        icon: LuImages,
        available: true,
        purpose: 'Feltöltött képek és fájlok kezelése.',
      },
      {
        path: '/admin/catalog/check',
        label: 'Katalógus-ellenőrzés',
        icon: LuClipboardCheck,
        available: true,
        purpose: 'A katalógus hibáinak (hiányzó adatok, ellentmondások) áttekintése.',
      },
      {
        path: '/admin/catalog/user',
        label: 'Vásárlói árak',
        icon: LuUserCog,
        available: true,
        purpose: 'Egyes vásárlókhoz és vásárlói csoportokhoz tartozó katalógusbeállítások és árak.',
      },
    ],
  },
  {
    label: 'Rendelések',
    sections: [
      {
        path: '/admin/order',
        label: 'Rendelések',
        icon: LuReceipt,
        available: true,
        purpose: 'Beérkezett rendelések, állapotuk és fizetésük követése.',
      },
    ],
  },
  {
    label: 'Vásárlók',
    sections: [
      {
        path: '/admin/customer',
        label: 'Vásárlók',
        icon: LuUsers,
        available: true,
        purpose: 'Regisztrált vásárlók adatai, címei és rendelései.',
      },
      {
        path: '/admin/customer/group',
        label: 'Vásárlói csoportok',
        icon: LuUsersRound,
        available: true,
        purpose: 'Vásárlói csoportok és csoportárak.',
      },
    ],
  },
  {
    label: 'Megkeresések',
    sections: [
      {
        path: '/admin/inquiry/contact',
        label: 'Üzenetek',
        icon: LuMessageSquare,
        available: true,
        purpose: 'A kapcsolatfelvételi űrlapon érkezett üzenetek és állapotuk.',
      },
      {
        path: '/admin/inquiry/offer',
        label: 'Árajánlatkérések',
        icon: LuFileQuestion,
        available: true,
        purpose: 'A vásárlók ajánlatkérései; belőlük árajánlat készíthető.',
      },
    ],
  },
  {
    label: 'Pénztár',
    sections: [
      {
        path: '/admin/checkout/shipping',
        label: 'Szállítási módok',
        icon: LuTruck,
        available: true,
        purpose: 'Szállítási módok és díjaik.',
      },
      {
        path: '/admin/checkout/payment',
        label: 'Fizetési módok',
        icon: LuCreditCard,
        available: true,
        purpose: 'Fizetési módok, köztük a bankkártyás fizetés.',
      },
      {
        path: '/admin/checkout/settings',
        label: 'Fizetési beállítások',
        icon: LuLandmark,
        available: true,
        purpose: 'A Barion-kapcsolat és az átutalásos fizetés bankszámlája.',
      },
    ],
  },
  {
    label: 'Tartalom',
    sections: [
      {
        path: '/admin/other/page',
        label: 'Oldalak',
        icon: LuFileText,
        available: true,
        purpose: 'Statikus oldalak, például az ÁSZF és az impresszum.',
      },
      {
        path: '/admin/other/blogpost',
        label: 'Blogbejegyzések',
        icon: LuNewspaper,
        available: true,
        purpose: 'Blogbejegyzések írása és közzététele.',
      },
      {
        path: '/admin/other/hero',
        label: 'Kiemelt sávok',
        icon: LuPanelTop,
        available: true,
        purpose: 'A főoldal nagy kiemelt sávjai (hero).',
      },
      {
        path: '/admin/other/sliders',
        label: 'Csúszkák',
        icon: LuImage,
        available: true,
        purpose: 'Váltakozó képes ajánlók (slider) elemei.',
      },
      {
        path: '/admin/other/popup',
        label: 'Felugró ablak',
        icon: LuMegaphone,
        available: true,
        purpose: 'A látogatóknak megjelenő felugró üzenet.',
      },
      {
        path: '/admin/other/catalogue',
        label: 'Katalógusok',
        icon: LuBookOpen,
        available: true,
        purpose: 'Letölthető, lapozható katalógusok.',
      },
    ],
  },
  {
    label: 'E-mail',
    sections: [
      {
        path: '/admin/other/email',
        label: 'E-mail-sablonok',
        icon: LuMail,
        available: true,
        purpose: 'A rendszer által küldött levelek szövege.',
      },
      {
        path: '/admin/other/email-settings',
        label: 'E-mail-beállítások',
        icon: LuSettings,
        available: true,
        purpose: 'Feladó, levelezőszerver és értesítési címek.',
      },
      {
        path: '/admin/other/email-outbox',
        label: 'Kimenő levelek',
        icon: LuInbox,
        available: true,
        purpose: 'Az elküldött, várakozó és sikertelen levelek.',
      },
    ],
  },
  {
    label: 'Bolt',
    sections: [
      {
        path: '/admin/settings/shop',
        label: 'Bolt adatai',
        icon: LuStore,
        available: true,
        purpose: 'Az üzemeltető cég adatai és elérhetőségei a Kapcsolat oldalon.',
      },
    ],
  },
  {
    label: 'Integrációk',
    sections: [
      {
        path: '/admin/settings/api-keys',
        label: 'API-kulcsok',
        icon: LuKeyRound,
        available: true,
        purpose: 'Kulcsok külső programoknak (ERP, számlázó, piactér) korlátozott jogosultságokkal.',
      },
      {
        path: '/admin/settings/webhooks',
        label: 'Webhookok',
        icon: LuWebhook,
        available: true,
        purpose:
          'Aláírt értesítések külső programoknak rendelésekről, fizetésekről, termékekről és készletről.',
      },
    ],
  },
  {
    label: 'Fejlesztés',
    sections: [
      {
        path: '/admin/foo',
        label: 'Tesztoldal',
        icon: LuFlaskConical,
        available: true,
        purpose: 'Az admin felület tesztoldala.',
      },
    ],
  },
];

const ALL_SECTIONS = ADMIN_SECTION_GROUPS.flatMap((group) => group.sections);

/** The section a path belongs to: the longest section path that is the path itself or its parent. */
export function findAdminSection(pathname: string): AdminSection | undefined {
  const clean = pathname.replace(/\/+$/, '');
  return ALL_SECTIONS.filter(
    (section) => clean === section.path || clean.startsWith(`${section.path}/`),
  ).sort((a, b) => b.path.length - a.path.length)[0];
}
