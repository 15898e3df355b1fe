import type { IconType } from 'react-icons';
import {
  LuBookOpen,
  LuClipboardCheck,
  LuCreditCard,
  LuDatabaseBackup,
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
  LuPackageCheck,
  LuPackageX,
  LuPanelTop,
  LuPercent,
  LuReceipt,
  LuRss,
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
  /** The admin route the specification names (README.md, "Routes"); detail pages live below it as /{id}. */
  path: string;
  label: string;
  icon: IconType;
};

export type AdminSectionGroup = { label: string; sections: AdminSection[] };

/** Every admin route the specification names (README.md, "Routes"), grouped as the sidebar shows them. */
export const ADMIN_SECTION_GROUPS: AdminSectionGroup[] = [
  {
    label: 'Áttekintés',
    sections: [
      {
        path: '/admin/dashboard',
        label: 'Vezérlőpult',
        icon: LuLayoutDashboard,
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
      },
      {
        path: '/admin/catalog/products',
        label: 'Termékek',
        icon: LuPackage,
      },
      {
        path: '/admin/feeds',
        label: 'Termékfeedek',
        icon: LuRss,
      },
      {
        path: '/admin/catalog/products/missingdescription',
        label: 'Leírás nélküli termékek',
        icon: LuFileWarning,
      },
      {
        path: '/admin/catalog/products/missingimage',
        label: 'Kép nélküli termékek',
        icon: LuPackageX,
      },
      {
        path: '/admin/catalog/products/nonuniqueurl',
        label: 'Ütköző URL-ek',
        icon: LuLink2,
      },
      {
        path: '/admin/property',
        label: 'Tulajdonságok',
        icon: LuTag,
      },
      {
        path: '/admin/catalog/media',
        label: 'Médiatár',
        icon: LuImages,
      },
      {
        path: '/admin/catalog/check',
        label: 'Katalógus-ellenőrzés',
        icon: LuClipboardCheck,
      },
      {
        path: '/admin/catalog/user',
        label: 'Vásárlói árak',
        icon: LuUserCog,
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
      },
      {
        path: '/admin/promotions',
        label: 'Akciók',
        icon: LuPercent,
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
      },
      {
        path: '/admin/customer/group',
        label: 'Vásárlói csoportok',
        icon: LuUsersRound,
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
      },
      {
        path: '/admin/inquiry/offer',
        label: 'Árajánlatkérések',
        icon: LuFileQuestion,
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
      },
      {
        path: '/admin/checkout/payment',
        label: 'Fizetési módok',
        icon: LuCreditCard,
      },
      {
        path: '/admin/checkout/settings',
        label: 'Fizetési beállítások',
        icon: LuLandmark,
      },
      {
        path: '/admin/checkout/invoicing',
        label: 'Számlázás',
        icon: LuReceipt,
      },
      {
        path: '/admin/checkout/carriers',
        label: 'Futárszolgálatok',
        icon: LuPackageCheck,
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
      },
      {
        path: '/admin/other/blogpost',
        label: 'Blogbejegyzések',
        icon: LuNewspaper,
      },
      {
        path: '/admin/other/hero',
        label: 'Kiemelt sávok',
        icon: LuPanelTop,
      },
      {
        path: '/admin/other/sliders',
        label: 'Csúszkák',
        icon: LuImage,
      },
      {
        path: '/admin/other/popup',
        label: 'Felugró ablak',
        icon: LuMegaphone,
      },
      {
        path: '/admin/other/catalogue',
        label: 'Katalógusok',
        icon: LuBookOpen,
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
      },
      {
        path: '/admin/other/email-settings',
        label: 'E-mail-beállítások',
        icon: LuSettings,
      },
      {
        path: '/admin/other/email-outbox',
        label: 'Kimenő levelek',
        icon: LuInbox,
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
      },
      {
        path: '/admin/settings/backups',
        label: 'Mentések',
        icon: LuDatabaseBackup,
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
      },
      {
        path: '/admin/settings/webhooks',
        label: 'Webhookok',
        icon: LuWebhook,
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
