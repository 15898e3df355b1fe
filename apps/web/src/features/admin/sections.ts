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
  LuIdCard,
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
  LuStar,
  LuStore,
  LuTag,
  LuTruck,
  LuUserCog,
  LuUsers,
  LuUsersRound,
  LuWebhook,
} from 'react-icons/lu';
import { type AccessHolder, type AdminAccess, mayAccess } from './access';

export type AdminSection = {
  /** The admin route the specification names (README.md, "Routes"); detail pages live below it as /{id}. */
  path: string;
  label: string;
  icon: IconType;
  /**
   * What the section's list or page needs on the server (the `meta.permission` of its main query): the
   * sidebar, the dashboard's links and the admin guard read it, so nobody opens a screen only to be refused.
   * An empty list: any admin.
   */
  permission: AdminAccess;
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
        // Everyone's: it opens with the person's own work queue; the sales overview needs orders:read.
        permission: [],
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
        permission: 'catalogue:read',
      },
      {
        path: '/admin/catalog/products',
        label: 'Termékek',
        icon: LuPackage,
        permission: 'catalogue:read',
      },
      {
        path: '/admin/feeds',
        label: 'Termékfeedek',
        icon: LuRss,
        permission: 'catalogue:read',
      },
      {
        path: '/admin/catalog/products/missingdescription',
        label: 'Leírás nélküli termékek',
        icon: LuFileWarning,
        permission: 'catalogue:read',
      },
      {
        path: '/admin/catalog/products/missingimage',
        label: 'Kép nélküli termékek',
        icon: LuPackageX,
        permission: 'catalogue:read',
      },
      {
        path: '/admin/catalog/products/nonuniqueurl',
        label: 'Ütköző URL-ek',
        icon: LuLink2,
        permission: 'catalogue:read',
      },
      {
        path: '/admin/property',
        label: 'Tulajdonságok',
        icon: LuTag,
        permission: 'catalogue:write',
      },
      {
        path: '/admin/catalog/media',
        label: 'Médiatár',
        icon: LuImages,
        permission: 'media:read',
      },
      {
        path: '/admin/catalog/check',
        label: 'Katalógus-ellenőrzés',
        icon: LuClipboardCheck,
        permission: 'catalogue:read',
      },
      {
        path: '/admin/catalog/user',
        label: 'Vásárlói árak',
        icon: LuUserCog,
        permission: ['catalogue:write', 'customers:read'],
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
        permission: 'orders:read',
      },
      {
        path: '/admin/promotions',
        label: 'Akciók',
        icon: LuPercent,
        permission: 'promotions:read',
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
        permission: 'customers:read',
      },
      {
        path: '/admin/customer/group',
        label: 'Vásárlói csoportok',
        icon: LuUsersRound,
        permission: 'customers:read',
      },
      {
        path: '/admin/customer/newsletter',
        label: 'Hírlevél',
        icon: LuMail,
        permission: 'customers:read',
      },
      {
        path: '/admin/reviews',
        label: 'Értékelések',
        icon: LuStar,
        permission: 'reviews:read',
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
        permission: 'inquiries:read',
      },
      {
        path: '/admin/inquiry/offer',
        label: 'Árajánlatkérések',
        icon: LuFileQuestion,
        permission: 'inquiries:read',
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
        permission: 'settings:write',
      },
      {
        path: '/admin/checkout/payment',
        label: 'Fizetési módok',
        icon: LuCreditCard,
        permission: 'settings:write',
      },
      {
        path: '/admin/checkout/settings',
        label: 'Fizetési beállítások',
        icon: LuLandmark,
        permission: 'settings:write',
      },
      {
        path: '/admin/checkout/invoicing',
        label: 'Számlázás',
        icon: LuReceipt,
        permission: 'settings:write',
      },
      {
        path: '/admin/checkout/carriers',
        label: 'Futárszolgálatok',
        icon: LuPackageCheck,
        permission: 'settings:write',
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
        permission: 'content:write',
      },
      {
        path: '/admin/other/blogpost',
        label: 'Blogbejegyzések',
        icon: LuNewspaper,
        permission: 'content:write',
      },
      {
        path: '/admin/other/hero',
        label: 'Kiemelt sávok',
        icon: LuPanelTop,
        permission: 'content:write',
      },
      {
        path: '/admin/other/sliders',
        label: 'Csúszkák',
        icon: LuImage,
        permission: 'content:write',
      },
      {
        path: '/admin/other/popup',
        label: 'Felugró ablak',
        icon: LuMegaphone,
        permission: 'content:write',
      },
      {
        path: '/admin/other/catalogue',
        label: 'Katalógusok',
        icon: LuBookOpen,
        permission: 'catalogue:read',
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
        permission: 'settings:write',
      },
      {
        path: '/admin/other/email-settings',
        label: 'E-mail-beállítások',
        icon: LuSettings,
        permission: 'settings:write',
      },
      {
        path: '/admin/other/email-outbox',
        label: 'Kimenő levelek',
        icon: LuInbox,
        permission: 'settings:write',
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
        permission: 'settings:write',
      },
      {
        path: '/admin/settings/backups',
        label: 'Mentések',
        icon: LuDatabaseBackup,
        permission: 'owner',
      },
      {
        path: '/admin/settings/staff',
        label: 'Munkatársak',
        icon: LuIdCard,
        permission: 'owner',
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
        permission: 'owner',
      },
      {
        path: '/admin/settings/webhooks',
        label: 'Webhookok',
        icon: LuWebhook,
        permission: 'webhooks:write',
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
        permission: [],
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

/** The admin's landing page, open to everyone of the staff. */
export const ADMIN_HOME = '/admin/dashboard';

/** Whether the signed-in person may open a link (a path, maybe with a query): a path of no section (a typed wrong one) is left to its route. */
export function mayOpenAdminPath(user: AccessHolder, href: string): boolean {
  const section = findAdminSection(href.split(/[?#]/)[0] ?? href);
  return !section || mayAccess(user, section.permission);
}

/** The sidebar's groups with only the sections the person may open; groups left empty go too. */
export function visibleSectionGroups(user: AccessHolder): AdminSectionGroup[] {
  return ADMIN_SECTION_GROUPS.map((group) => ({
    ...group,
    sections: group.sections.filter((section) => mayAccess(user, section.permission)),
  })).filter((group) => group.sections.length > 0);
}

/** The sidebar's first section the person may open: the way on from a section their role does not open. */
export function firstOpenSection(user: AccessHolder): AdminSection | undefined {
  return ALL_SECTIONS.find((section) => mayAccess(user, section.permission));
}
