import { SZAMLAZZ_STAND_IN_AGENT_KEY, SZAMLAZZ_STAND_IN_PATH, usesSzamlazzStandIn } from '@shop/api';
import { createSzamlazzStandIn } from '@shop/api/stand-ins/szamlazz';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { mountStandIn } from './stand-in-mount';

/**
 * Mounts the project's Számla Agent stand-in at /_szamlazz/szamla/ (only while stand-ins are on, STAND_INS)
 * while no Agent key is saved at /admin/checkout/invoicing; once one is, the path is not found. It only
 * answers: it calls and redirects nowhere. Its seller is the shop's company
 * details ("Bolt adatai"), as a Számlázz.hu account holds them.
 */
export function mountSzamlazzStandIn(app: FastifyInstance, prisma: PrismaClient): void {
  const standIn = createSzamlazzStandIn({
    prisma,
    agentKey: SZAMLAZZ_STAND_IN_AGENT_KEY,
    basePath: SZAMLAZZ_STAND_IN_PATH,
    seller: async () => {
      const shop = await prisma.shopSetting.findUnique({
        where: { id: 1 },
        select: { companyName: true, shopName: true, address: true, taxNumber: true },
      });
      return {
        name: shop?.companyName || shop?.shopName || 'Webáruház',
        address: shop?.address ?? '',
        taxNumber: shop?.taxNumber ?? '',
      };
    },
  });
  mountStandIn(app, standIn, {
    serves: (path) => path.replace(/\/+$/, '') === `${SZAMLAZZ_STAND_IN_PATH}/szamla`,
    active: () => usesSzamlazzStandIn(prisma),
    failure: {
      log: 'A Számla Agent helyettesítő hibát jelzett',
      answer: (res) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Rendszerhiba');
      },
    },
  });
}
